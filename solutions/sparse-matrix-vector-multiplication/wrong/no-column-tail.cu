// WRONG (WA): a warp per row that walks the columns in whole chunks of 32 (j0 + 32 <= N) and
// forgets the last N % 32 columns. Example 1 (N = 5) has no whole chunk at all, so every y comes
// out 0 instead of [-1, 0, 4.5]; on larger cases only the nonzeros in the tail go missing.
#include <cuda_runtime.h>

__global__ void spmv_whole_chunks(const float* A, const float* x, float* y, int M, int N) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (row >= M) return;
  const float* a = A + (size_t)row * N;
  float sum = 0.0f;
  for (int j0 = 0; j0 + 32 <= N; j0 += 32) sum += a[j0 + lane] * x[j0 + lane];  // bug: no tail
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0) y[row] = sum;
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
  const int rows_per_block = 8;
  spmv_whole_chunks<<<(M + rows_per_block - 1) / rows_per_block, rows_per_block * 32>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
