// CPU reference for general-matrix-multiplication-gemm: C = alpha * (A x B) + beta * C with A
// (M x K), B (K x N) and C (M x N) row-major half-precision buffers and float alpha, beta.
//
// Every product of two halves is exact in double and the dot product is accumulated in double;
// alpha * sum + beta * C is formed in double and rounded to half once. alpha and beta are first
// rounded to float, the type solve() receives them in.
//
// Large cases are checked on a sample of C (challenge.json "check"): then only the sampled
// elements are computed, one dot product each. Otherwise every row of C is built with the
// cache-friendly i-k-j loop order.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/reference.hpp"
#include "util/half.hpp"

JUDGE_REFERENCE("general-matrix-multiplication-gemm", args) {
  using judge::util::float_to_half_bits;
  using judge::util::half_bits_to_float;
  const auto a = args.in<std::uint16_t>("A");
  const auto b = args.in<std::uint16_t>("B");
  const auto c = args.out<std::uint16_t>("C");  // holds the initial C on entry
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));
  const double alpha = static_cast<float>(args.scalar_float("alpha"));
  const double beta = static_cast<float>(args.scalar_float("beta"));

  // B as floats once: the half decoding is integer work, too slow to repeat in the inner loop.
  std::vector<float> bf(k * n);
  judge::reference::parallel_for(k, [&](std::size_t t) {
    for (std::size_t j = 0; j < n; ++j) bf[t * n + j] = half_bits_to_float(b[t * n + j]);
  });
  auto finish = [&](std::size_t idx, double sum) {
    const double c0 = half_bits_to_float(c[idx]);
    c[idx] = float_to_half_bits(static_cast<float>(alpha * sum + beta * c0));
  };

  if (args.sampled()) {
    judge::reference::parallel_for_each(args.sample("C"), [&](std::size_t idx) {
      const std::size_t i = idx / n;
      const std::size_t j = idx % n;
      double sum = 0;
      for (std::size_t t = 0; t < k; ++t)
        sum += static_cast<double>(half_bits_to_float(a[i * k + t])) * static_cast<double>(bf[t * n + j]);
      finish(idx, sum);
    });
    return;
  }

  // One row of C per call, each with its own accumulator row.
  judge::reference::parallel_for(m, [&](std::size_t i) {
    std::vector<double> row(n, 0.0);
    for (std::size_t t = 0; t < k; ++t) {
      const double ait = half_bits_to_float(a[i * k + t]);
      const float* brow = &bf[t * n];
      for (std::size_t j = 0; j < n; ++j) row[j] += ait * static_cast<double>(brow[j]);
    }
    for (std::size_t j = 0; j < n; ++j) finish(i * n + j, row[j]);
  });
}
