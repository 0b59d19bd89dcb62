// WRONG (WA): a plain wrong formula, C = A - B.
//
// Every element is written and nothing is touched outside C, so the judge reports ordinary
// mismatches (first at example 1, element 0: got -3, expected 5).
#include <cuda_runtime.h>

__global__ void vector_sub(const float* A, const float* B, float* C, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] - B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  vector_sub<<<blocks, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
