// WRONG (WA, never written): the rows-per-warp kernel with a guard that keeps only whole groups of
// 4 rows (row0 + 4 <= M). A warp whose group runs past the end returns at once, so the last
// M % 4 rows of y are never written: example 1 (M = 2) writes nothing at all.
#include <cuda_runtime.h>

#define ROWS 4

__global__ void gemv_whole_groups(const float* A, const float* x, float* y, int M, int N) {
  const int lane = threadIdx.x % 32;
  const int row0 = (blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32) * ROWS;
  if (row0 + ROWS > M) return;  // bug: should be row0 >= M, with a partial last group
  float sum[ROWS] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int j = lane; j < N; j += 32) {
    const float v = x[j];
#pragma unroll
    for (int r = 0; r < ROWS; ++r) sum[r] += A[(size_t)(row0 + r) * N + j] * v;
  }
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) sum[r] += __shfl_down_sync(0xffffffffu, sum[r], off);
    if (lane == 0) y[row0 + r] = sum[r];
  }
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N) {
  const int warps = (M + ROWS - 1) / ROWS, warps_per_block = 8;
  gemv_whole_groups<<<(warps + warps_per_block - 1) / warps_per_block, warps_per_block * 32>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
