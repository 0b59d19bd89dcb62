// CPU reference for batched-matrix-multiplication: for every b < BATCH, C[b] (M x N) = A[b] (M x K)
// * B[b] (K x N), the matrices of a batch stored one after another, each row-major. Every dot
// product is accumulated in double and rounded to float once.
//
// Large cases are checked on a sample of C (challenge.json "check"): then only the sampled
// elements are computed, one dot product each. Otherwise every row of every C[b] is built with
// the cache-friendly i-t-j loop order.
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("batched-matrix-multiplication", args) {
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto c = args.out<float>("C");
  const auto batch = static_cast<std::size_t>(args.scalar_int("BATCH"));
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));

  if (args.sampled()) {
    judge::reference::parallel_for_each(args.sample("C"), [&](std::size_t idx) {
      const std::size_t p = idx / (m * n);  // which matrix of the batch
      const std::size_t i = idx % (m * n) / n;
      const std::size_t j = idx % n;
      const float* arow = &a[(p * m + i) * k];
      const float* bmat = &b[p * k * n];
      double sum = 0;
      for (std::size_t t = 0; t < k; ++t) sum += static_cast<double>(arow[t]) * static_cast<double>(bmat[t * n + j]);
      c[idx] = static_cast<float>(sum);
    });
    return;
  }

  // One row of one C[p] per call (row r = p * M + i), each with its own accumulator row.
  judge::reference::parallel_for(batch * m, [&](std::size_t r) {
    const std::size_t p = r / m;
    const float* arow = &a[r * k];
    const float* bmat = &b[p * k * n];
    std::vector<double> row(n, 0.0);
    for (std::size_t t = 0; t < k; ++t) {
      const double at = arow[t];
      const float* brow = &bmat[t * n];
      for (std::size_t j = 0; j < n; ++j) row[j] += at * static_cast<double>(brow[j]);
    }
    for (std::size_t j = 0; j < n; ++j) c[r * n + j] = static_cast<float>(row[j]);
  });
}
