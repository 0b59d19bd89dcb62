// Thread coarsening by 2: 32 x 32 shared tiles, each thread computes 2 elements of one column.
//
// A block of 32 x 16 threads owns a 32 x 32 tile of C; thread (tx, ty) computes rows ty and
// ty + 16 of column tx. At each step of the inner dimension it reads B's value once and uses it
// for both rows, so shared-memory loads per multiply-add fall from 2 (tiled.cu) to 1.5, with two
// independent sums per thread. coarse-4.cu takes the same idea to 4 rows per thread (1.25 loads
// per multiply-add).
//
// Sizes are arbitrary: loads outside A or B put zeros in the tile, and only elements inside C
// are stored.
#include <cuda_runtime.h>

constexpr int TILE = 32;
constexpr int ROWS = 16;             // threadIdx.y range
constexpr int PER_THREAD = TILE / ROWS;  // 2 rows of C per thread

__global__ void matmul_coarse2(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];

  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE;
  const int col = blockIdx.x * TILE + tx;
  float acc[PER_THREAD] = {0.0f, 0.0f};

  for (int t0 = 0; t0 < N; t0 += TILE) {
#pragma unroll
    for (int i = 0; i < PER_THREAD; ++i) {
      const int r = ty + i * ROWS;  // tile row
      const int a_row = row0 + r, a_col = t0 + tx;
      const int b_row = t0 + r;
      As[r][tx] = (a_row < M && a_col < N) ? A[(size_t)a_row * N + a_col] : 0.0f;
      Bs[r][tx] = (b_row < N && col < K) ? B[(size_t)b_row * K + col] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int t = 0; t < TILE; ++t) {
      const float b = Bs[t][tx];
#pragma unroll
      for (int i = 0; i < PER_THREAD; ++i) acc[i] += As[ty + i * ROWS][t] * b;
    }
    __syncthreads();
  }
  if (col < K) {
#pragma unroll
    for (int i = 0; i < PER_THREAD; ++i) {
      const int row = row0 + ty + i * ROWS;
      if (row < M) C[(size_t)row * K + col] = acc[i];
    }
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K) {
  dim3 threads(TILE, ROWS);
  dim3 blocks((K + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul_coarse2<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
