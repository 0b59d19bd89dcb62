// Tiled: 32 x 32 tiles of A[b] and B[b] staged in shared memory, one thread per element of C.
//
// A block of 32 x 32 threads owns a 32 x 32 tile of one C[b] (b = blockIdx.z). It walks the inner
// dimension in steps of 32: each thread loads one element of the A tile and one of the B tile
// (both coalesced), the block synchronises, and every thread does 32 multiply-adds from shared
// memory (As[ty][t] is a broadcast, Bs[t][tx] conflict-free). Each element fetched from global
// memory is reused 32 times; the limit becomes shared-memory bandwidth (two shared loads per
// multiply-add), which the coarsened and register-blocked versions reduce.
//
// Sizes are arbitrary: loads outside A[b] or B[b] put zeros in the tile, only threads inside
// C[b] store.
#include <cuda_runtime.h>

constexpr int TILE = 32;

__global__ void bmm_tiled(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];

  const size_t b = blockIdx.z;
  A += b * M * K;
  B += b * K * N;
  C += b * M * N;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;

  for (int t0 = 0; t0 < K; t0 += TILE) {
    const int a_col = t0 + tx;
    const int b_row = t0 + ty;
    As[ty][tx] = (row < M && a_col < K) ? A[(size_t)row * K + a_col] : 0.0f;
    Bs[ty][tx] = (b_row < K && col < N) ? B[(size_t)b_row * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int t = 0; t < TILE; ++t) sum += As[ty][t] * Bs[t][tx];
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  dim3 threads(TILE, TILE);
  dim3 blocks((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, BATCH);
  bmm_tiled<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
