// WRONG (RTE, "wrote outside"): the bounds check is i <= N * N instead of i < N * N.
//
// The thread with i = N * N stores C[N * N], one element past the end of C, into the judge's
// guard zone. Example 1 (N = 2, a 256-thread block) already has that thread.
#include <cuda_runtime.h>

__global__ void add_kernel(const float* A, const float* B, float* C, int total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= total) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int total = N * N;
  const int threads = 256;
  const int blocks = (total + threads - 1) / threads;
  add_kernel<<<blocks, threads>>>(A, B, C, total);
  cudaDeviceSynchronize();
}
