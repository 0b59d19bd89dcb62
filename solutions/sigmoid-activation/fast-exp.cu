// Naive with the fast exponential: one thread per element, 256-thread blocks, 1 / (1 + __expf(-x)).
//
// __expf is one multiply and one special-function instruction instead of expf's longer accurate
// sequence; its error (about 2 + 1.2|x| ulp) stays far inside the 1e-5 tolerance, and overflow
// still gives 1 / inf = 0. Fewer instructions per element than naive, same memory traffic, so it
// closes part of the gap between naive and the memory-bound kernels.
#include <cuda_runtime.h>

__global__ void sigmoid_fast_exp(const float* X, float* Y, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) Y[i] = 1.0f / (1.0f + __expf(-X[i]));
}

extern "C" void solve(const float* X, float* Y, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  sigmoid_fast_exp<<<blocks, threads>>>(X, Y, N);
  cudaDeviceSynchronize();
}
