// WRONG (WA): computes the output size with the padding but forgets to shift the windows: window
// (y, x) starts at input row y * stride and column x * stride instead of y * stride - padding, so
// every window sits `padding` positions down and to the right (clipped at the image's edge).
// Example 2 (padding 1) gives -3 instead of -2 for its second output.
#include <cuda_runtime.h>
#include <math.h>

__global__ void max_pool_unshifted(const float* input, float* output, int total, int H, int W, int kernel_size,
                                   int stride, int Ho, int Wo) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= total) return;
  const int x = o % Wo;
  const int y = o / Wo % Ho;
  const int plane = o / (Wo * Ho);
  const float* src = input + (size_t)plane * H * W;
  float m = -INFINITY;
  for (int dh = 0; dh < kernel_size; ++dh) {
    const int h = y * stride + dh;
    if (h >= H) continue;
    for (int dw = 0; dw < kernel_size; ++dw) {
      const int w = x * stride + dw;
      if (w >= W) continue;
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
  max_pool_unshifted<<<(total + 255) / 256, 256>>>(input, output, total, H, W, kernel_size, stride, Ho, Wo);
  cudaDeviceSynchronize();
}
