// SpMM treated as a dense product: A's zeros are multiplied like any other element (a zero adds
// exactly nothing to a float sum), so nnz is unused. At 35% density the dense work is ~3x the
// sparse work, but regular tiles beat irregular gathers. Kernel as in matrix-multiplication:
//
// Thread coarsening: 32 x 32 shared tiles, each thread computes 4 elements of one column of C.
//
// A block of 32 x 8 threads owns a 32 x 32 tile of C; thread (tx, ty) computes rows ty, ty + 8,
// ty + 16 and ty + 24 of column tx. At each step of the inner dimension it reads B's value once
// into a register and reuses it for its 4 rows (4 broadcast reads of A), so shared-memory loads
// per multiply-add fall from 2 to 1.25, and the 4 independent sums give the scheduler more
// instructions to overlap. Dense, yet faster than the sparse row kernels: every operand is reused
// from shared memory, where they gather a row of B from L2 per nonzero.
//
// Sizes are arbitrary: loads outside A or B put zeros in the tile, and only elements inside C
// are stored.
#include <cuda_runtime.h>

constexpr int TILE = 32;
constexpr int ROWS = 8;              // threadIdx.y range
constexpr int PER_THREAD = TILE / ROWS;  // 4 rows of C per thread

__global__ void matmul_coarse4(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];

  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE;
  const int col = blockIdx.x * TILE + tx;
  float acc[PER_THREAD] = {0.0f, 0.0f, 0.0f, 0.0f};

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

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
  dim3 threads(TILE, ROWS);
  dim3 blocks((K + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul_coarse4<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
