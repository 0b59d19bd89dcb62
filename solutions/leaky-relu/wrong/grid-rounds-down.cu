// WRONG (WA, "never written"): the grid size rounds down.
//
// blocks = N / 256 (with a floor of one block so that tiny inputs still launch) covers only the
// first multiple of 256 elements; the last N % 256 outputs keep the garbage they started with.
// Every case with N < 256 passes; the first one that catches it is n-1000 (elements 768-999).
#include <cuda_runtime.h>

__global__ void leaky_relu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : 0.01f * x;
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  int blocks = N / threads;  // bug: should round up
  if (blocks == 0) blocks = 1;
  leaky_relu_kernel<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
