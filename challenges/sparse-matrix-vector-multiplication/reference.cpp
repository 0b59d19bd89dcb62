// CPU reference for sparse-matrix-vector-multiplication: y = A x with A an M x N row-major float
// matrix passed dense (nnz of its elements are nonzero) and x of length N. Each row's dot product
// is accumulated in double over every column (a zero adds nothing) and rounded to float once.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("sparse-matrix-vector-multiplication", args) {
  const auto a = args.in<float>("A");
  const auto x = args.in<float>("x");
  const auto y = args.out<float>("y");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));

  judge::reference::parallel_for(m, [&](std::size_t i) {
    const float* row = &a[i * n];
    double sum = 0;
    for (std::size_t j = 0; j < n; ++j) sum += static_cast<double>(row[j]) * static_cast<double>(x[j]);
    y[i] = static_cast<float>(sum);
  });
}
