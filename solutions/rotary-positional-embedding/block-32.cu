// Tiny blocks: the naive one-thread-per-element kernel launched with blocks of 32 threads.
//
// An SM holds at most 32 blocks, so it runs only 32 warps, half of what it could, and each warp
// has a single load per buffer in flight: the loads cannot cover DRAM's latency, and millions of
// one-warp blocks also cost scheduling time.
#include <cuda_runtime.h>

__global__ void rope_block32(const float* Q, const float* cos_, const float* sin_, float* output, int total, int D) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total) return;
  const int h = D / 2;
  const int j = i % D;
  const float rotated = j < h ? -Q[i + h] : Q[i - h];
  output[i] = Q[i] * cos_[i] + rotated * sin_[i];
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int total = M * D;
  rope_block32<<<(total + 31) / 32, 32>>>(Q, cos, sin, output, total, D);
  cudaDeviceSynchronize();
}
