// A flat copy on a grid sized once for the statement's largest matrix (N = 4096, 16,777,216
// elements), not from N: every element of every allowed matrix is copied, elements past
// 4096 * 4096 never are. Right for every input the statement allows; an earlier test copied a
// 16384 x 16384 matrix, past the statement's limit, and judged this file wrong.
#include <cuda_runtime.h>

#define MAX_ELEMENTS (4096 * 4096)

__global__ void copy_fixed(const float* A, float* B, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) B[i] = A[i];
}

extern "C" void solve(const float* A, float* B, int N) {
  const int threads = 256;
  const int blocks = (MAX_ELEMENTS + threads - 1) / threads;
  copy_fixed<<<blocks, threads>>>(A, B, N * N);
  cudaDeviceSynchronize();
}
