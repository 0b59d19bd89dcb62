// Thread coarsening by 2: 32 x 32 shared tiles, each thread computes 2 elements of a column of C[b].
//
// A block of 32 x 16 threads owns a 32 x 32 tile of C[b] (b = blockIdx.z); thread (tx, ty)
// computes rows ty + 16 i of column tx. At each step of the inner dimension it reads B's value
// once into a register and uses it for its two rows, so shared-memory loads per multiply-add fall
// from 2 (tiled.cu) to 1.5, with 2 independent sums per thread to overlap.
// coarse-4.cu takes the same idea to 4 rows per thread.
//
// Sizes are arbitrary: loads outside A[b] or B[b] put zeros in the tile, and only elements inside
// C[b] are stored.
#include <cuda_runtime.h>

constexpr int TILE = 32;
constexpr int ROWS = 16;                  // threadIdx.y range
constexpr int PER_THREAD = TILE / ROWS;  // 2 rows of C per thread

__global__ void bmm_coarse2(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];

  const size_t b = blockIdx.z;
  A += b * M * K;
  B += b * K * N;
  C += b * M * N;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE;
  const int col = blockIdx.x * TILE + tx;
  float acc[PER_THREAD] = {0.0f, 0.0f};

  for (int t0 = 0; t0 < K; t0 += TILE) {
#pragma unroll
    for (int i = 0; i < PER_THREAD; ++i) {
      const int r = ty + i * ROWS;  // tile row
      const int a_row = row0 + r, a_col = t0 + tx;
      const int b_row = t0 + r;
      As[r][tx] = (a_row < M && a_col < K) ? A[(size_t)a_row * K + a_col] : 0.0f;
      Bs[r][tx] = (b_row < K && col < N) ? B[(size_t)b_row * N + col] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int t = 0; t < TILE; ++t) {
      const float bv = Bs[t][tx];
#pragma unroll
      for (int i = 0; i < PER_THREAD; ++i) acc[i] += As[ty + i * ROWS][t] * bv;
    }
    __syncthreads();
  }
  if (col < N) {
#pragma unroll
    for (int i = 0; i < PER_THREAD; ++i) {
      const int row = row0 + ty + i * ROWS;
      if (row < M) C[(size_t)row * N + col] = acc[i];
    }
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  dim3 threads(TILE, ROWS);
  dim3 blocks((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, BATCH);
  bmm_coarse2<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
