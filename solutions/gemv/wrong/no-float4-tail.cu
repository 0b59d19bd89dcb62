// WRONG (WA): a warp per row with float4 loads over N / 4 float4s and nothing else: the last N % 4
// elements of every row are dropped (and rows that are not 16-byte aligned are read as if they
// were). Example 1 (N = 3) has no whole float4, so every y comes out 0.
#include <cuda_runtime.h>

__global__ void gemv_float4_only(const float* A, const float* x, float* y, int M, int N) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (row >= M) return;
  const float4* a4 = reinterpret_cast<const float4*>(A + (size_t)row * N);
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float sum = 0.0f;
  for (int j = lane; j < N / 4; j += 32) {  // bug: no scalar tail for N % 4
    const float4 u = a4[j], v = x4[j];
    sum += u.x * v.x + u.y * v.y + u.z * v.z + u.w * v.w;
  }
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0) y[row] = sum;
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N) {
  const int rows_per_block = 8;
  gemv_float4_only<<<(M + rows_per_block - 1) / rows_per_block, rows_per_block * 32>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
