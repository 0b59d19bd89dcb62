// CPU reference for sparse-matrix-dense-matrix-multiplication: C (M x K) = A (M x N) * B (N x K),
// all row-major, A passed dense with nnz nonzeros. As the official reference, A is multiplied as
// a dense matrix (a zero adds nothing); each dot product is accumulated in double over every
// column of A and rounded to float once.
//
// The product is reference/dense's: blocked and on every core, so the performance case
// (4096 x 2048 times 2048 x 512) is computed, and checked, whole in a few seconds.
#include <cstddef>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

JUDGE_REFERENCE("sparse-matrix-dense-matrix-multiplication", args) {
  using judge::reference::row_major;
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto c = args.out<float>("C");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));

  judge::reference::product(row_major(a.data(), n), row_major(b.data(), k), m, k, n,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t j = 0; j < k; ++j) c[i * k + j] = static_cast<float>(sums[j]);
                            });
}
