// CPU reference for fp16-batched-matrix-multiplication: for every b < BATCH, C[b] (M x N) =
// A[b] (M x K) * B[b] (K x N), half-precision matrices stored one after another, each row-major.
//
// Every product of two halves is exact in double and the dot product is accumulated in double,
// then rounded to half once (through float, which is exact for every value a half can take).
//
// Large cases are checked on a sample of C (challenge.json "check"): then only the sampled
// elements are computed, one dot product each, decoding halves as they are read. Otherwise B is
// decoded to floats once and every row of every C[b] is built with the cache-friendly i-t-j order.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/reference.hpp"
#include "util/half.hpp"

JUDGE_REFERENCE("fp16-batched-matrix-multiplication", args) {
  using judge::util::float_to_half_bits;
  using judge::util::half_bits_to_float;
  const auto a = args.in<std::uint16_t>("A");
  const auto b = args.in<std::uint16_t>("B");
  const auto c = args.out<std::uint16_t>("C");
  const auto batch = static_cast<std::size_t>(args.scalar_int("BATCH"));
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));

  if (args.sampled()) {
    judge::reference::parallel_for_each(args.sample("C"), [&](std::size_t idx) {
      const std::size_t p = idx / (m * n);  // which matrix of the batch
      const std::size_t i = idx % (m * n) / n;
      const std::size_t j = idx % n;
      const std::uint16_t* arow = &a[(p * m + i) * k];
      const std::uint16_t* bmat = &b[p * k * n];
      double sum = 0;
      for (std::size_t t = 0; t < k; ++t)
        sum += static_cast<double>(half_bits_to_float(arow[t])) * static_cast<double>(half_bits_to_float(bmat[t * n + j]));
      c[idx] = float_to_half_bits(static_cast<float>(sum));
    });
    return;
  }

  // B as floats once: the half decoding is integer work, too slow to repeat in the inner loop.
  std::vector<float> bf(batch * k * n);
  judge::reference::parallel_for(batch * k, [&](std::size_t r) {
    for (std::size_t j = 0; j < n; ++j) bf[r * n + j] = half_bits_to_float(b[r * n + j]);
  });
  // One row of one C[p] per call (row r = p * M + i), each with its own accumulator row.
  judge::reference::parallel_for(batch * m, [&](std::size_t r) {
    const std::size_t p = r / m;
    const float* bmat = &bf[p * k * n];
    std::vector<double> row(n, 0.0);
    for (std::size_t t = 0; t < k; ++t) {
      const double at = half_bits_to_float(a[r * k + t]);
      const float* brow = &bmat[t * n];
      for (std::size_t j = 0; j < n; ++j) row[j] += at * static_cast<double>(brow[j]);
    }
    for (std::size_t j = 0; j < n; ++j) c[r * n + j] = float_to_half_bits(static_cast<float>(row[j]));
  });
}
