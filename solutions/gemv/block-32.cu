// A warp per row with one warp per block (32-thread blocks), a common first version of the
// coalesced kernel. An SM holds at most 32 blocks, so only 32 of its 64 warp slots are used:
// half the loads in flight of warp-per-row.cu's 256-thread blocks.
#include <cuda_runtime.h>

__global__ void gemv_block32(const float* A, const float* x, float* y, int M, int N) {
  const int row = blockIdx.x, lane = threadIdx.x;
  const float* a = A + (size_t)row * N;
  float sum = 0.0f;
  for (int j = lane; j < N; j += 32) sum += a[j] * x[j];
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0) y[row] = sum;
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N) {
  gemv_block32<<<M, 32>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
