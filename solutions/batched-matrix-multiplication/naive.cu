// Naive: one thread per element of C, 16 x 16 threads per block, the batch in the grid's z.
//
// Thread (row, col) of block z walks row `row` of A[z] and column `col` of B[z]. threadIdx.x runs
// along the columns, so a half-warp reads 16 neighbouring elements of a row of B (coalesced) and
// shares one element of A (a broadcast). Every operand still comes from global memory (through
// L1/L2) for every multiply-add: each element of A[b] is loaded N times and each element of B[b]
// M times, which the tiled and register-blocked versions fix.
#include <cuda_runtime.h>

__global__ void bmm_naive(const float* A, const float* B, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  const size_t b = blockIdx.z;
  const float* a = A + b * M * K;
  const float* bm = B + b * K * N;
  float sum = 0.0f;
  for (int t = 0; t < K; ++t) sum += a[(size_t)row * K + t] * bm[(size_t)t * N + col];
  C[b * M * N + (size_t)row * N + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y, BATCH);
  bmm_naive<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
