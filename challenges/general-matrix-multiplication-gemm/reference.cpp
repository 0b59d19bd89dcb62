// CPU reference for general-matrix-multiplication-gemm: C = alpha * (A x B) + beta * C with A
// (M x K), B (K x N) and C (M x N) row-major half-precision buffers and float alpha, beta.
//
// Every product of two halves is exact in double and the dot product is accumulated in double;
// alpha * sum + beta * C is formed in double and rounded to half once. alpha and beta are first
// rounded to float, the type solve() receives them in.
//
// A and B are decoded to floats once (the half decoding is integer work, too slow to repeat in
// the inner loop); the product is then reference/dense's: blocked and on every core, each sum the
// plain loop's, so the 4096 x 4096 x 4096 functional case takes seconds, not a minute.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"
#include "util/half.hpp"

namespace {

std::vector<float> to_floats(std::span<const std::uint16_t> h) {
  std::vector<float> f(h.size());
  judge::reference::parallel_for(h.size(), [&](std::size_t i) { f[i] = judge::util::half_bits_to_float(h[i]); });
  return f;
}

}  // namespace

JUDGE_REFERENCE("general-matrix-multiplication-gemm", args) {
  using judge::reference::row_major;
  using judge::util::float_to_half_bits;
  using judge::util::half_bits_to_float;
  const std::vector<float> a = to_floats(args.in<std::uint16_t>("A"));
  const std::vector<float> b = to_floats(args.in<std::uint16_t>("B"));
  const auto c = args.out<std::uint16_t>("C");  // holds the initial C on entry
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));
  const double alpha = static_cast<float>(args.scalar_float("alpha"));
  const double beta = static_cast<float>(args.scalar_float("beta"));

  judge::reference::product(row_major(a.data(), k), row_major(b.data(), n), m, n, k,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t j = 0; j < n; ++j) {
                                std::uint16_t& out = c[i * n + j];
                                const double c0 = half_bits_to_float(out);
                                out = float_to_half_bits(static_cast<float>(alpha * sums[j] + beta * c0));
                              }
                            });
}
