#include <cuda_runtime.h>

// A is M x N, B is N x K and C is M x K; all three are row-major device buffers.
__global__ void matmul(const float* A, const float* B, float* C, int M, int N, int K) {
  // Your turn: work out this thread's (row, col) of C; if it is inside the M x K output, write the
  // dot product of row `row` of A with column `col` of B into C[row * K + col].
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((K + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
  matmul<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
