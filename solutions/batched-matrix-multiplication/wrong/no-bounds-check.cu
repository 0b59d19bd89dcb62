// WRONG (RTE, "wrote outside"): a tiled kernel that assumes every size is a multiple of 32.
//
// The grid is rounded up, as it should be, but neither the tile loads nor the final store are
// guarded. In example 1 (M = N = 2) each matrix's single 32 x 32 block stores
// C[b * 4 + row * 2 + col] for every row and col below 32, far past the 8 elements of C, into
// the judge's guard zone. (Its out-of-range loads read garbage too, but reads are not what the
// judge catches.)
#include <cuda_runtime.h>

constexpr int TILE = 32;

__global__ void bmm_unguarded(const float* A, const float* B, float* C, int M, int N, int K) {
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
    As[ty][tx] = A[(size_t)row * K + t0 + tx];
    Bs[ty][tx] = B[(size_t)(t0 + ty) * N + col];
    __syncthreads();
    for (int t = 0; t < TILE; ++t) sum += As[ty][t] * Bs[t][tx];
    __syncthreads();
  }
  C[(size_t)row * N + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  dim3 threads(TILE, TILE);
  dim3 blocks((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, BATCH);
  bmm_unguarded<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
