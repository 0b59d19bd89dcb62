// CPU reference for 3d-convolution ("valid" 3-D cross-correlation, the kernel is not flipped):
//   output[d][r][c] = sum over kd < kernel_depth, kr < kernel_rows, kc < kernel_cols of
//                     input[d + kd][r + kr][c + kc] * kernel[kd][kr][kc]
// for every position where the kernel fits inside the input, each sum accumulated in double and
// rounded to float once; the outputs are computed on every core.
#include <cstddef>
#include <stdexcept>

#include "reference/reference.hpp"

JUDGE_REFERENCE("3d-convolution", args) {
  const auto in = args.in<float>("input");
  const auto k = args.in<float>("kernel");
  const auto out = args.out<float>("output");
  const auto depth = static_cast<std::size_t>(args.scalar_int("input_depth"));
  const auto rows = static_cast<std::size_t>(args.scalar_int("input_rows"));
  const auto cols = static_cast<std::size_t>(args.scalar_int("input_cols"));
  const auto kdepth = static_cast<std::size_t>(args.scalar_int("kernel_depth"));
  const auto krows = static_cast<std::size_t>(args.scalar_int("kernel_rows"));
  const auto kcols = static_cast<std::size_t>(args.scalar_int("kernel_cols"));
  if (kdepth > depth || krows > rows || kcols > cols)
    throw std::invalid_argument("every kernel dimension must be at most the matching input dimension");
  const std::size_t out_rows = rows - krows + 1, out_cols = cols - kcols + 1;
  const std::size_t out_count = (depth - kdepth + 1) * out_rows * out_cols;

  const auto one = [&](std::size_t o) {
    const std::size_t d = o / (out_rows * out_cols), r = o / out_cols % out_rows, c = o % out_cols;
    double sum = 0;
    for (std::size_t kd = 0; kd < kdepth; ++kd) {
      for (std::size_t kr = 0; kr < krows; ++kr) {
        const float* in_row = &in[((d + kd) * rows + r + kr) * cols + c];
        const float* k_row = &k[(kd * krows + kr) * kcols];
        for (std::size_t kc = 0; kc < kcols; ++kc)
          sum += static_cast<double>(in_row[kc]) * static_cast<double>(k_row[kc]);
      }
    }
    out[o] = static_cast<float>(sum);
  };
  judge::reference::parallel_for(out_count, one);
}
