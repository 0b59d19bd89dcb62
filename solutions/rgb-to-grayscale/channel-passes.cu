// Accepted here as on LeetGPU (not a ladder rung): relies on the output starting at zero, which
// LeetGPU guarantees for this problem. Three launches, one per channel, each adding its weighted
// channel into output: ((0 + 0.299 R) + 0.587 G) + 0.114 B, the official order exactly. Three
// read-modify-write passes over output instead of one write, so slower than naive.cu.
#include <cuda_runtime.h>

__global__ void add_channel(const float* input, float* output, int pixels, int channel, float weight) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < pixels) output[p] += weight * input[3 * p + channel];
}

extern "C" void solve(const float* input, float* output, int width, int height) {
  const int pixels = width * height;
  const int threads = 256;
  const int blocks = (pixels + threads - 1) / threads;
  const float weights[3] = {0.299f, 0.587f, 0.114f};
  for (int c = 0; c < 3; ++c) add_channel<<<blocks, threads>>>(input, output, pixels, c, weights[c]);
  cudaDeviceSynchronize();
}
