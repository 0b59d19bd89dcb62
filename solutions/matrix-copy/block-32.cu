// Tiny blocks: a flat copy, one float per thread, in blocks of 32 threads.
//
// An SM holds at most 32 resident blocks, so one-warp blocks cap it at 32 warps instead of 64:
// half the loads in flight of a full SM, and N * N / 32 tiny blocks (half a million at
// N = 4096) for the block scheduler to start. Accesses are coalesced.
#include <cuda_runtime.h>

__global__ void copy_flat(const float* A, float* B, size_t total) {
  const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < total) B[i] = A[i];
}

extern "C" void solve(const float* A, float* B, int N) {
  const size_t total = (size_t)N * N;
  const int threads = 32;
  const unsigned blocks = (unsigned)((total + threads - 1) / threads);
  copy_flat<<<blocks, threads>>>(A, B, total);
  cudaDeviceSynchronize();
}
