// CPU reference for matrix-multiplication: C (M x K) = A (M x N) * B (N x K), all row-major,
// every dot product accumulated in double and rounded to float once.
//
// The product is reference/dense's: blocked and on every core, each sum the plain loop's, so even
// the performance case (8192 x 6144 times 6144 x 4096) is computed, and checked, whole.
#include <cstddef>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

JUDGE_REFERENCE("matrix-multiplication", args) {
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
