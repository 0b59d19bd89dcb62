// WRONG (WA, diagnosis unwritten_blocks): an early return meant for the last, partial block.
//
// The guard was written as "return if this block is block 1 of every four" (a leftover from
// splitting the work between streams), so the threads of blocks 1, 5, 9, ... never store. Short
// vectors fit in block 0 and pass; the first case with a second block is n-1000, where
// C[256..511] is never written.
#include <cuda_runtime.h>

__global__ void vector_add(const float* A, const float* B, float* C, int N) {
  if (blockIdx.x % 4 == 1) return;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int threads = 256;
  vector_add<<<(N + threads - 1) / threads, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
