// CPU reference for fp16-batched-matrix-multiplication: for every b < BATCH, C[b] (M x N) =
// A[b] (M x K) * B[b] (K x N), half-precision matrices stored one after another, each row-major.
//
// Every product of two halves is exact in double and the dot product is accumulated in double,
// then rounded to half once (through float, which is exact for every value a half can take).
//
// A and B are decoded to floats once (the half decoding is integer work, too slow to repeat in
// the inner loop); each product is then reference/dense's: blocked and on every core, each sum the
// plain loop's.
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

JUDGE_REFERENCE("fp16-batched-matrix-multiplication", args) {
  using judge::reference::row_major;
  const std::vector<float> a = to_floats(args.in<std::uint16_t>("A"));
  const std::vector<float> b = to_floats(args.in<std::uint16_t>("B"));
  const auto c = args.out<std::uint16_t>("C");
  const auto batch = static_cast<std::size_t>(args.scalar_int("BATCH"));
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));

  for (std::size_t p = 0; p < batch; ++p) {
    std::uint16_t* cp = &c[p * m * n];
    judge::reference::product(row_major(&a[p * m * k], k), row_major(&b[p * k * n], n), m, n, k,
                              [&](std::size_t i, const double* sums) {
                                for (std::size_t j = 0; j < n; ++j)
                                  cp[i * n + j] = judge::util::float_to_half_bits(static_cast<float>(sums[j]));
                              });
  }
}
