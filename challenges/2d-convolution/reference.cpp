// CPU reference for 2d-convolution ("valid" 2-D cross-correlation, the kernel is not flipped):
//   output[i][j] = sum_{m < kernel_rows} sum_{n < kernel_cols} input[i + m][j + n] * kernel[m][n]
// for 0 <= i <= input_rows - kernel_rows and 0 <= j <= input_cols - kernel_cols, each sum
// accumulated in double and rounded to float once; the outputs are computed on every core.
#include <cstddef>
#include <stdexcept>

#include "reference/reference.hpp"

JUDGE_REFERENCE("2d-convolution", args) {
  const auto in = args.in<float>("input");
  const auto k = args.in<float>("kernel");
  const auto out = args.out<float>("output");
  const auto rows = static_cast<std::size_t>(args.scalar_int("input_rows"));
  const auto cols = static_cast<std::size_t>(args.scalar_int("input_cols"));
  const auto krows = static_cast<std::size_t>(args.scalar_int("kernel_rows"));
  const auto kcols = static_cast<std::size_t>(args.scalar_int("kernel_cols"));
  if (krows > rows || kcols > cols)
    throw std::invalid_argument("kernel_rows must not exceed input_rows, nor kernel_cols input_cols");
  const std::size_t out_cols = cols - kcols + 1;
  const std::size_t out_count = (rows - krows + 1) * out_cols;

  const auto one = [&](std::size_t o) {
    const std::size_t i = o / out_cols, j = o % out_cols;
    double sum = 0;
    for (std::size_t m = 0; m < krows; ++m) {
      const float* in_row = &in[(i + m) * cols + j];
      const float* k_row = &k[m * kcols];
      for (std::size_t n = 0; n < kcols; ++n) sum += static_cast<double>(in_row[n]) * static_cast<double>(k_row[n]);
    }
    out[o] = static_cast<float>(sum);
  };
  judge::reference::parallel_for(out_count, one);
}
