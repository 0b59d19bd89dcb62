// CPU reference for "lora-linear": output = x W^T + lora_scale * ((x A^T) B^T), as the official
// float32 reference computes it: the low-rank activations t = x A^T are rounded to float (the
// official keeps them as a float32 tensor), every dot product is accumulated in double
// (reference/dense's blocked product, on every core), and each output is rounded to float once.
// lora_scale is used as the float solve receives.
#include <cstddef>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

JUDGE_REFERENCE("lora-linear", args) {
  using judge::reference::FloatMatrix;
  using judge::reference::row_major;
  const auto x = args.in<float>("x");
  const auto w = args.in<float>("W");
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto output = args.out<float>("output");
  const auto batch = static_cast<std::size_t>(args.scalar_int("batch"));
  const auto d_in = static_cast<std::size_t>(args.scalar_int("d_in"));
  const auto d_out = static_cast<std::size_t>(args.scalar_int("d_out"));
  const auto rank = static_cast<std::size_t>(args.scalar_int("rank"));
  const double scale = static_cast<float>(args.scalar_float("lora_scale"));

  // t = x A^T (batch x rank): A^T is A's data with the strides swapped.
  std::vector<float> t(batch * rank);
  judge::reference::product(row_major(x.data(), d_in), FloatMatrix{a.data(), 1, d_in}, batch, rank, d_in,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t r = 0; r < rank; ++r) t[i * rank + r] = static_cast<float>(sums[r]);
                            });
  // delta = t B^T (batch x d_out), kept in double.
  std::vector<double> delta(batch * d_out);
  judge::reference::product(row_major(t.data(), rank), FloatMatrix{b.data(), 1, rank}, batch, d_out, rank,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t o = 0; o < d_out; ++o) delta[i * d_out + o] = sums[o];
                            });
  // output = x W^T + scale * delta.
  judge::reference::product(row_major(x.data(), d_in), FloatMatrix{w.data(), 1, d_in}, batch, d_out, d_in,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t o = 0; o < d_out; ++o)
                                output[i * d_out + o] = static_cast<float>(sums[o] + scale * delta[i * d_out + o]);
                            });
}
