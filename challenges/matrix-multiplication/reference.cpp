// CPU reference for matrix-multiplication: C (M x K) = A (M x N) * B (N x K), all row-major,
// every dot product accumulated in double and rounded to float once.
//
// Large cases are checked on a sample of C (challenge.json "check"): then only the sampled
// elements are computed, one dot product each. Otherwise every row of C is built with the
// cache-friendly i-k-j loop order.
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("matrix-multiplication", args) {
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto c = args.out<float>("C");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));

  if (args.sampled()) {
    judge::reference::parallel_for_each(args.sample("C"), [&](std::size_t idx) {
      const std::size_t i = idx / k;
      const std::size_t j = idx % k;
      double sum = 0;
      for (std::size_t t = 0; t < n; ++t) sum += static_cast<double>(a[i * n + t]) * static_cast<double>(b[t * k + j]);
      c[idx] = static_cast<float>(sum);
    });
    return;
  }

  // One row of C per call, each with its own accumulator row.
  judge::reference::parallel_for(m, [&](std::size_t i) {
    std::vector<double> row(k, 0.0);
    for (std::size_t t = 0; t < n; ++t) {
      const double ait = a[i * n + t];
      const float* brow = &b[t * k];
      for (std::size_t j = 0; j < k; ++j) row[j] += ait * static_cast<double>(brow[j]);
    }
    for (std::size_t j = 0; j < k; ++j) c[i * k + j] = static_cast<float>(row[j]);
  });
}
