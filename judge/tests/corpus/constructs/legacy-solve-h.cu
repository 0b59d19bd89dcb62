// Construct: LeetGPU's older format. The file includes "solve.h" (none next to it: the judge
// provides one from the challenge's signature) and defines solve with C++ linkage, no extern "C".
// Host: vector-addition.
#include "solve.h"
#include <cuda_runtime.h>

__global__ void vector_add(const float* A, const float* B, float* C, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}

// A, B, C are device pointers.
void solve(const float* A, const float* B, float* C, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  vector_add<<<blocks, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
