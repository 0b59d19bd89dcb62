// CPU reference for 2d-max-pooling (NCHW, PyTorch's max_pool2d without dilation, floor mode):
//   output[n][c][y][x] = max of input[n][c][h][w] over y*stride - padding <= h < that + kernel_size
//                        and x*stride - padding <= w < that + kernel_size, inside the image only
// Padding adds positions that never win (they count as -infinity), so every window must hold at
// least one real element: padding <= kernel_size / 2 and H + 2*padding >= kernel_size (same for
// W), as PyTorch requires. A maximum is exact, so there is nothing to accumulate.
#include <algorithm>
#include <cstddef>
#include <limits>
#include <stdexcept>

#include "reference/reference.hpp"

JUDGE_REFERENCE("2d-max-pooling", args) {
  const auto in = args.in<float>("input");
  const auto out = args.out<float>("output");
  const long long N = args.scalar_int("N"), C = args.scalar_int("C");
  const long long H = args.scalar_int("H"), W = args.scalar_int("W");
  const long long k = args.scalar_int("kernel_size"), s = args.scalar_int("stride"), p = args.scalar_int("padding");
  if (2 * p > k) throw std::invalid_argument("padding must be at most kernel_size / 2");
  if (H + 2 * p < k || W + 2 * p < k)
    throw std::invalid_argument("the padded image must be at least kernel_size wide and tall");
  const long long Ho = (H + 2 * p - k) / s + 1, Wo = (W + 2 * p - k) / s + 1;
  const auto planes = static_cast<std::size_t>(N * C);

  // One task per output row of one plane.
  judge::reference::parallel_for(planes * static_cast<std::size_t>(Ho), [&](std::size_t task) {
    const std::size_t plane = task / static_cast<std::size_t>(Ho);
    const auto y = static_cast<long long>(task % static_cast<std::size_t>(Ho));
    const float* src = &in[plane * static_cast<std::size_t>(H * W)];
    float* dst = &out[(plane * static_cast<std::size_t>(Ho) + static_cast<std::size_t>(y)) * static_cast<std::size_t>(Wo)];
    const long long h0 = std::max(y * s - p, 0LL), h1 = std::min(y * s - p + k, H);
    for (long long x = 0; x < Wo; ++x) {
      const long long w0 = std::max(x * s - p, 0LL), w1 = std::min(x * s - p + k, W);
      float m = -std::numeric_limits<float>::infinity();
      for (long long h = h0; h < h1; ++h)
        for (long long w = w0; w < w1; ++w) m = std::max(m, src[h * W + w]);
      dst[x] = m;
    }
  });
}
