// WRONG (RTE, "wrote outside"): 16 x 16 blocks per plane with no check that the thread's output
// exists. In example 1 (2 x 2 outputs) the single block's threads store up to output[15 * 2 + 15]
// = output[45], far past the 4 outputs, into the judge's guard zone. (The window scan itself
// is bounds-checked, so no load leaves the input.)
#include <cuda_runtime.h>
#include <math.h>

__global__ void max_pool_unguarded(const float* input, float* output, int H, int W, int kernel_size, int stride,
                                   int padding, int Ho, int Wo) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int plane = blockIdx.z;
  const float* src = input + (size_t)plane * H * W;
  float m = -INFINITY;
  for (int dh = 0; dh < kernel_size; ++dh) {
    const int h = y * stride - padding + dh;
    if (h < 0 || h >= H) continue;
    for (int dw = 0; dw < kernel_size; ++dw) {
      const int w = x * stride - padding + dw;
      if (w >= 0 && w < W) m = fmaxf(m, src[h * W + w]);
    }
  }
  output[((size_t)plane * Ho + y) * Wo + x] = m;  // no check that x < Wo and y < Ho
}

extern "C" void solve(const float* input, float* output, int N, int C, int H, int W, int kernel_size, int stride,
                      int padding) {
  const int Ho = (H + 2 * padding - kernel_size) / stride + 1;
  const int Wo = (W + 2 * padding - kernel_size) / stride + 1;
  const dim3 threads(16, 16);
  const dim3 blocks((Wo + 15) / 16, (Ho + 15) / 16, N * C);
  max_pool_unguarded<<<blocks, threads>>>(input, output, H, W, kernel_size, stride, padding, Ho, Wo);
  cudaDeviceSynchronize();
}
