// SpMM treated as a dense product: A's zeros are multiplied like any other element (a zero adds
// exactly nothing to a float sum), so nnz is unused. At 35% density the dense work is ~3x the
// sparse work, but regular tiles beat irregular gathers. Kernel as in matrix-multiplication:
//
// Naive: one thread per element of C, 16 x 16 threads per block.
//
// Thread (row, col) walks row `row` of A and column `col` of B and writes their dot product.
// threadIdx.x runs along the columns of C, so the 16 threads of a half-warp read 16 neighbouring
// elements of a row of B (coalesced) and all read the same element of A (a broadcast). Every
// operand still comes from global memory (through L1/L2) for every multiply-add: each element
// of A is loaded K times and each element of B M times, which is what the tiled and
// register-blocked versions fix.
#include <cuda_runtime.h>

__global__ void matmul_naive(const float* A, const float* B, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= K) return;
  float sum = 0.0f;
  for (int t = 0; t < N; ++t) sum += A[(size_t)row * N + t] * B[(size_t)t * K + col];
  C[(size_t)row * K + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
  dim3 threads(16, 16);
  dim3 blocks((K + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
  matmul_naive<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
