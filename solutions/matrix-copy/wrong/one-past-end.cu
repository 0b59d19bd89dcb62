// WRONG (RTE, "wrote outside"): the flat bounds check uses <= instead of <.
//
// Thread N * N exists whenever N * N is not a multiple of the block size (example 1 has
// N * N = 4 and a block of 256 threads) and stores B[N * N], one element past the end of B. The
// judge's guard zone after the buffer catches it.
#include <cuda_runtime.h>

__global__ void copy_flat(const float* A, float* B, int total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= total) B[i] = A[i];
}

extern "C" void solve(const float* A, float* B, int N) {
  const int total = N * N;
  const int threads = 256;
  const int blocks = (total + threads - 1) / threads;
  copy_flat<<<blocks, threads>>>(A, B, total);
  cudaDeviceSynchronize();
}
