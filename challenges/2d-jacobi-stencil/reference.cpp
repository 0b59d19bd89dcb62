// CPU reference for 2d-jacobi-stencil (one Jacobi sweep of the 5-point Laplace stencil):
//   output[i][j] = (input[i-1][j] + input[i+1][j] + input[i][j-1] + input[i][j+1]) / 4
// for the interior cells (0 < i < rows - 1 and 0 < j < cols - 1); every cell of the first and
// last row and column is copied from input unchanged. The sum is taken in double and rounded to
// float once.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("2d-jacobi-stencil", args) {
  const auto in = args.in<float>("input");
  const auto out = args.out<float>("output");
  const auto rows = static_cast<std::size_t>(args.scalar_int("rows"));
  const auto cols = static_cast<std::size_t>(args.scalar_int("cols"));

  judge::reference::parallel_for(rows, [&](std::size_t i) {
    const float* row = &in[i * cols];
    float* dst = &out[i * cols];
    if (i == 0 || i + 1 == rows || cols < 3) {
      for (std::size_t j = 0; j < cols; ++j) dst[j] = row[j];
      return;
    }
    const float* up = row - cols;
    const float* down = row + cols;
    dst[0] = row[0];
    dst[cols - 1] = row[cols - 1];
    for (std::size_t j = 1; j + 1 < cols; ++j) {
      const double sum = static_cast<double>(up[j]) + static_cast<double>(down[j]) +
                         static_cast<double>(row[j - 1]) + static_cast<double>(row[j + 1]);
      dst[j] = static_cast<float>(0.25 * sum);
    }
  });
}
