// Column-major threads: a 2-D grid of 32 x 8 blocks where threadIdx.x runs down a column
// instead of along a row.
//
// A classic indexing slip: the sums are still right, but the 32 threads of a warp touch 32 rows,
// N floats apart, so each warp load and store splits into 32 sectors of 4 useful bytes. The 8
// columns of a block share those sectors, which L1 recovers in part for the loads; the scattered
// stores stay expensive. Every SM works, unlike row-per-thread.
#include <cuda_runtime.h>

__global__ void add_colmajor(const float* A, const float* B, float* C, int N) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < N && col < N) {
    const int i = row * N + col;
    C[i] = A[i] + B[i];
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  dim3 threads(32, 8);
  dim3 blocks((N + threads.x - 1) / threads.x, (N + threads.y - 1) / threads.y);
  add_colmajor<<<blocks, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
