// Accepted on LeetGPU, kept as a test: the naive kernel with the running maximum started at
// -FLT_MAX instead of -INFINITY. Every input is finite and every window holds at least one real
// element, so the result is the same; a test with -inf inputs (which the statement never allows)
// would have rejected it.
#include <cuda_runtime.h>
#include <float.h>

__global__ void max_pool_flt_max(const float* input, float* output, int total, int H, int W, int kernel_size,
                                 int stride, int padding, int Ho, int Wo) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= total) return;
  const int x = o % Wo;
  const int y = o / Wo % Ho;
  const int plane = o / (Wo * Ho);
  const float* src = input + (size_t)plane * H * W;
  float m = -FLT_MAX;
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
  const int threads = 256;
  max_pool_flt_max<<<(total + threads - 1) / threads, threads>>>(input, output, total, H, W, kernel_size, stride,
                                                                 padding, Ho, Wo);
  cudaDeviceSynchronize();
}
