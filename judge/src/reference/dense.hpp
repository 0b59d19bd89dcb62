// Dense matrix products for the CPU references of the matrix-shaped challenges (matmul, GEMM,
// batched, int8): blocked for the caches, vectorised where the CPU allows and on every
// core, yet each sum bit for bit the plain loop's. A functional case of 4096 x 4096 x 4096 then
// takes seconds instead of a minute, so it can be checked whole.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace judge::reference {

// A read-only float matrix: element (r, c) is data[r * row_stride + c * col_stride]. The
// transpose of a row-major matrix is the same data with the strides swapped.
struct FloatMatrix {
  const float* data = nullptr;
  std::size_t row_stride = 0;
  std::size_t col_stride = 1;
  float at(std::size_t r, std::size_t c) const { return data[r * row_stride + c * col_stride]; }
};

// The row-major matrix `data` of `cols` columns.
inline FloatMatrix row_major(const float* data, std::size_t cols) {
  return {data, cols, 1};
}

// sum(i, j) = a(i, 0) b(0, j) + a(i, 1) b(1, j) + ... + a(i, k - 1) b(k - 1, j) for an m x k `a`
// and a k x n `b`, in double, added in that order from +0. A product of two floats is exact in
// double, so each sum is the plain loop's whatever the blocking, vector width, fused multiply-add
// or number of threads.

// Receives the n sums of row i, once for every row (from several threads at once).
using RowSums = std::function<void(std::size_t i, const double* sums)>;
void product(FloatMatrix a, FloatMatrix b, std::size_t m, std::size_t n, std::size_t k, const RowSums& store);

}  // namespace judge::reference
