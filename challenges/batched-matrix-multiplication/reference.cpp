// CPU reference for batched-matrix-multiplication: for every b < BATCH, C[b] (M x N) = A[b] (M x K)
// * B[b] (K x N), the matrices of a batch stored one after another, each row-major. Every dot
// product is accumulated in double and rounded to float once.
//
// Each product is reference/dense's: blocked and on every core, each sum the plain loop's.
#include <cstddef>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

JUDGE_REFERENCE("batched-matrix-multiplication", args) {
  using judge::reference::row_major;
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto c = args.out<float>("C");
  const auto batch = static_cast<std::size_t>(args.scalar_int("BATCH"));
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));

  for (std::size_t p = 0; p < batch; ++p) {
    float* cp = &c[p * m * n];
    judge::reference::product(row_major(&a[p * m * k], k), row_major(&b[p * k * n], n), m, n, k,
                              [&](std::size_t i, const double* sums) {
                                for (std::size_t j = 0; j < n; ++j) cp[i * n + j] = static_cast<float>(sums[j]);
                              });
  }
}
