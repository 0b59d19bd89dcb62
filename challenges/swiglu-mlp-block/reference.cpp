// CPU reference for swiglu-mlp-block: output = (silu(x W_gate) * (x W_up)) W_down, as the
// official float32 reference computes it: gate and up are exact-product sums in double
// (reference/dense's blocked product, on every core), the hidden activations
// silu(gate) * up = gate / (1 + exp(-gate)) * up are rounded to float (the official keeps them as
// a float32 tensor), and each output is the double sum of its products, rounded to float once.
#include <cmath>
#include <cstddef>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

JUDGE_REFERENCE("swiglu-mlp-block", args) {
  using judge::reference::row_major;
  const auto x = args.in<float>("x");
  const auto w_gate = args.in<float>("W_gate");
  const auto w_up = args.in<float>("W_up");
  const auto w_down = args.in<float>("W_down");
  const auto output = args.out<float>("output");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto d_model = static_cast<std::size_t>(args.scalar_int("d_model"));
  const auto d_ffn = static_cast<std::size_t>(args.scalar_int("d_ffn"));

  // gate = x W_gate (M x d_ffn), kept in double until it meets up.
  std::vector<double> gate(m * d_ffn);
  judge::reference::product(row_major(x.data(), d_model), row_major(w_gate.data(), d_ffn), m, d_ffn, d_model,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t f = 0; f < d_ffn; ++f) gate[i * d_ffn + f] = sums[f];
                            });
  // hidden = silu(gate) * (x W_up), rounded to float.
  std::vector<float> hidden(m * d_ffn);
  judge::reference::product(row_major(x.data(), d_model), row_major(w_up.data(), d_ffn), m, d_ffn, d_model,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t f = 0; f < d_ffn; ++f) {
                                const double g = gate[i * d_ffn + f];
                                hidden[i * d_ffn + f] = static_cast<float>(g / (1.0 + std::exp(-g)) * sums[f]);
                              }
                            });
  // output = hidden W_down (M x d_model).
  judge::reference::product(row_major(hidden.data(), d_ffn), row_major(w_down.data(), d_model), m, d_model, d_ffn,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t c = 0; c < d_model; ++c)
                                output[i * d_model + c] = static_cast<float>(sums[c]);
                            });
}
