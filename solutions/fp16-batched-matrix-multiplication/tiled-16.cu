// Shared-memory tiles: a 16 x 16 block stages a 16 x 16 tile of A[b] and of B[b] in shared
// memory (converted to float once), then every thread reads its 16 products from there.
//
// Each element loaded from global memory is used 16 times instead of once, but every
// multiply-add still needs two shared-memory loads: the register-tiled versions cut that.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define TILE 16

__global__ void hbmm_tiled16(const half* A, const half* B, half* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const size_t b = blockIdx.z;
  A += b * M * K;
  B += b * K * N;
  C += b * M * N;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * TILE + tx;
  const int row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    // Out-of-range elements become 0, so the partial last tile adds nothing.
    As[ty][tx] = (row < M && k0 + tx < K) ? __half2float(A[(size_t)row * K + k0 + tx]) : 0.0f;
    Bs[ty][tx] = (k0 + ty < K && col < N) ? __half2float(B[(size_t)(k0 + ty) * N + col]) : 0.0f;
    __syncthreads();
#pragma unroll
    for (int t = 0; t < TILE; ++t) acc += As[ty][t] * Bs[t][tx];
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = __float2half(acc);
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
  dim3 threads(TILE, TILE);
  dim3 blocks((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, BATCH);
  hbmm_tiled16<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
