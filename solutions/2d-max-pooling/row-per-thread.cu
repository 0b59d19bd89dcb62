// One thread per output row: each thread pools one row of one plane from left to right.
//
// Enough threads to fill the GPU (N * C * Ho), but neighbouring threads work on rows `stride`
// input rows apart, so each warp load touches 32 cache lines instead of two, and the lines of
// 32 rows at once do not stay in L1 until the thread comes back for the next columns.
#include <cuda_runtime.h>
#include <math.h>

__global__ void max_pool_row_per_thread(const float* input, float* output, int rows_total, int H, int W,
                                        int kernel_size, int stride, int padding, int Ho, int Wo) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;  // plane * Ho + y
  if (r >= rows_total) return;
  const int y = r % Ho;
  const int plane = r / Ho;
  const float* src = input + (size_t)plane * H * W;
  float* dst = output + (size_t)r * Wo;
  for (int x = 0; x < Wo; ++x) {
    float m = -INFINITY;
    for (int dh = 0; dh < kernel_size; ++dh) {
      const int h = y * stride - padding + dh;
      if (h < 0 || h >= H) continue;
      for (int dw = 0; dw < kernel_size; ++dw) {
        const int w = x * stride - padding + dw;
        if (w < 0 || w >= W) continue;
        m = fmaxf(m, src[h * W + w]);
      }
    }
    dst[x] = m;
  }
}

extern "C" void solve(const float* input, float* output, int N, int C, int H, int W, int kernel_size, int stride,
                      int padding) {
  const int Ho = (H + 2 * padding - kernel_size) / stride + 1;
  const int Wo = (W + 2 * padding - kernel_size) / stride + 1;
  const int rows_total = N * C * Ho;
  const int threads = 256;
  max_pool_row_per_thread<<<(rows_total + threads - 1) / threads, threads>>>(input, output, rows_total, H, W,
                                                                             kernel_size, stride, padding, Ho, Wo);
  cudaDeviceSynchronize();
}
