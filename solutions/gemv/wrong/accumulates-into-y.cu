// WRONG (WA, reads the output before writing it): splits every row into chunks of 1024 columns,
// one warp per (row, chunk), and atomicAdds each chunk's sum into y[row] without clearing y
// first. y starts as the judge's NaN marker, so every result is NaN; with y zeroed beforehand
// (cudaMemset) the same kernel would be right.
#include <cuda_runtime.h>

#define CHUNK 1024

__global__ void gemv_split_atomic(const float* A, const float* x, float* y, int M, int N) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (row >= M) return;
  const int c0 = blockIdx.y * CHUNK, c1 = min(N, c0 + CHUNK);
  const float* a = A + (size_t)row * N;
  float sum = 0.0f;
  for (int j = c0 + lane; j < c1; j += 32) sum += a[j] * x[j];
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0) atomicAdd(&y[row], sum);  // bug: y was never set to 0
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N) {
  const int rows_per_block = 8;
  dim3 grid((M + rows_per_block - 1) / rows_per_block, (N + CHUNK - 1) / CHUNK);
  gemv_split_atomic<<<grid, rows_per_block * 32>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
