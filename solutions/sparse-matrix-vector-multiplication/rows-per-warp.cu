// Several rows per warp: each warp takes 4 consecutive rows and, per step, loads one float4 of x
// and the matching float4 of each of the 4 rows. x is read once per 4 rows instead of once per
// row, and every lane has 4 independent 16-byte row loads in flight. Rows not 16-byte aligned
// (N not a multiple of 4) fall back to one float per lane.
#include <cuda_runtime.h>

#define ROWS 4

__global__ void spmv_rows_per_warp(const float* A, const float* x, float* y, int M, int N) {
  const int lane = threadIdx.x % 32;
  const int row0 = (blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32) * ROWS;
  if (row0 >= M) return;  // the whole warp leaves together
  const int rows = min(ROWS, M - row0);
  float sum[ROWS] = {0.0f, 0.0f, 0.0f, 0.0f};
  if (N % 4 == 0) {
    const float4* x4 = reinterpret_cast<const float4*>(x);
    for (int j = lane; j < N / 4; j += 32) {
      const float4 v = x4[j];
#pragma unroll
      for (int r = 0; r < ROWS; ++r) {
        if (r < rows) {
          const float4 u = reinterpret_cast<const float4*>(A + (size_t)(row0 + r) * N)[j];
          sum[r] += u.x * v.x + u.y * v.y + u.z * v.z + u.w * v.w;
        }
      }
    }
  } else {
    for (int j = lane; j < N; j += 32) {
      const float v = x[j];
#pragma unroll
      for (int r = 0; r < ROWS; ++r)
        if (r < rows) sum[r] += A[(size_t)(row0 + r) * N + j] * v;
    }
  }
#pragma unroll
  for (int r = 0; r < ROWS; ++r) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) sum[r] += __shfl_down_sync(0xffffffffu, sum[r], off);
    if (lane == 0 && r < rows) y[row0 + r] = sum[r];
  }
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
  const int warps = (M + ROWS - 1) / ROWS, warps_per_block = 8;
  spmv_rows_per_warp<<<(warps + warps_per_block - 1) / warps_per_block, warps_per_block * 32>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
