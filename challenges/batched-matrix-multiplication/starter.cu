#include <cuda_runtime.h>

// A holds BATCH matrices of M x K, B holds BATCH matrices of K x N and C receives BATCH matrices
// of M x N, one after another, each row-major. Every pointer is a device pointer.
__global__ void batched_matmul(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  // Your turn: the launch below gives the grid one layer per matrix, so blockIdx.z is the batch
  // index b. Work out this thread's (row, col) of C[b]; if it is inside the M x N output, write
  // the dot product of row `row` of A[b] with column `col` of B[b] there.
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y, BATCH);
  batched_matmul<<<blocks, threads>>>(A, B, C, BATCH, M, N, K);
  cudaDeviceSynchronize();
}
