// WRONG (WA): treats padding as zeros (the running maximum starts at 0 and every window position
// counts, padded ones reading 0). Max pooling pads with -infinity: a padded position never wins.
// Example 1 has no padding and positive maxima and passes; example 2 (an all-negative image with
// padding 1) gives 0 everywhere instead of -1, -2, -4, -5.
#include <cuda_runtime.h>

__global__ void max_pool_zero_padded(const float* input, float* output, int total, int H, int W, int kernel_size,
                                     int stride, int padding, int Ho, int Wo) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= total) return;
  const int x = o % Wo;
  const int y = o / Wo % Ho;
  const int plane = o / (Wo * Ho);
  const float* src = input + (size_t)plane * H * W;
  float m = 0.0f;
  for (int dh = 0; dh < kernel_size; ++dh) {
    const int h = y * stride - padding + dh;
    if (h < 0 || h >= H) continue;
    for (int dw = 0; dw < kernel_size; ++dw) {
      const int w = x * stride - padding + dw;
      if (w < 0 || w >= W) continue;
      m = fmaxf(m, src[h * W + w]);
    }
  }
  output[o] = m;
}

extern "C" void solve(const float* input, float* output, int N, int C, int H, int W, int kernel_size, int stride,
                      int padding) {
  const int Ho = (H + 2 * padding - kernel_size) / stride + 1;
  const int Wo = (W + 2 * padding - kernel_size) / stride + 1;
  const int total = N * C * Ho * Wo;
  max_pool_zero_padded<<<(total + 255) / 256, 256>>>(input, output, total, H, W, kernel_size, stride, padding, Ho, Wo);
  cudaDeviceSynchronize();
}
