// Two passes: a GELU kernel writes GELU(x2) into output, then a second kernel multiplies output
// by x1 in place.
//
// Each pass is a clean one-thread-per-element kernel, but output makes a round trip through
// memory between them: 4 + 4 bytes in the first pass, 4 + 4 + 4 in the second, 20 bytes per
// output instead of 12, plus a second launch.
#include <cuda_runtime.h>

__global__ void gelu_pass(const float* x2, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) {
    const float x = x2[i];
    output[i] = 0.5f * x * (1.0f + erff(x * 0.70710678f));
  }
}

__global__ void gate_pass(const float* x1, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) output[i] *= x1[i];  // output was written by gelu_pass
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int threads = 256;
  const int blocks = (half + threads - 1) / threads;
  gelu_pass<<<blocks, threads>>>(input + half, output, half);
  gate_pass<<<blocks, threads>>>(input, output, half);
  cudaDeviceSynchronize();
}
