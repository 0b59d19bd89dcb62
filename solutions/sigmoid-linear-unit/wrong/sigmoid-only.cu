// WRONG (WA): computes sigmoid(x) and forgets to multiply by x.
//
// SiLU is x * sigmoid(x); the sigmoid alone agrees with it only at x = 1. Example 1 has x = 1
// first, then -1, 0 and 3, which all differ (sigmoid(0) = 0.5, SiLU(0) = 0).
#include <cuda_runtime.h>

__global__ void sigmoid_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) output[i] = 1.0f / (1.0f + expf(-input[i]));
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  sigmoid_kernel<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
