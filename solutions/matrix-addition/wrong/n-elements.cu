// WRONG (WA, "never written"): treats N as the number of elements instead of the side.
//
// The grid has N threads and the bounds check is i < N, so only the first N of the N * N
// elements of C are written; the rest keep their garbage. Example 1 (N = 2) already leaves
// C[2] and C[3] untouched.
#include <cuda_runtime.h>

__global__ void add_kernel(const float* A, const float* B, float* C, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  add_kernel<<<blocks, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
