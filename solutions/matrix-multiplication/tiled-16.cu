// Tiled with 16 x 16 tiles: the shared-memory kernel most tutorials start with.
//
// The same scheme as tiled.cu (tiles of A and B staged in shared memory, one thread per element
// of C, two shared loads per multiply-add), but with 16 x 16 tiles and 256 threads per block.
// Each element fetched from global memory is reused only 16 times instead of 32, so global/L2
// traffic doubles, and there is a barrier pair every 16 multiply-adds instead of every 32: slower
// than the 32 x 32 tiles, still well ahead of the naive kernel's global loads.
//
// Sizes are arbitrary: loads outside A or B put zeros in the tile, and only threads inside C store.
#include <cuda_runtime.h>

constexpr int TILE = 16;

__global__ void matmul_tiled16(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];

  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;

  for (int t0 = 0; t0 < N; t0 += TILE) {
    const int a_col = t0 + tx;
    const int b_row = t0 + ty;
    As[ty][tx] = (row < M && a_col < N) ? A[(size_t)row * N + a_col] : 0.0f;
    Bs[ty][tx] = (b_row < N && col < K) ? B[(size_t)b_row * K + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int t = 0; t < TILE; ++t) sum += As[ty][t] * Bs[t][tx];
    __syncthreads();
  }
  if (row < M && col < K) C[(size_t)row * K + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K) {
  dim3 threads(TILE, TILE);
  dim3 blocks((K + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul_tiled16<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
