// Tiny blocks: one thread per element, as in naive, but blocks of 32 threads (one warp).
//
// An SM holds at most 32 blocks, so 32-thread blocks cap it at 32 warps, half of the 64 that
// 256-thread blocks reach: half the loads in flight, and eight times as many blocks to schedule.
#include <cuda_runtime.h>

__device__ __forceinline__ float silu(float x) { return x / (1.0f + expf(-x)); }

__global__ void silu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) output[i] = silu(input[i]);
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 32;
  const int blocks = (N + threads - 1) / threads;
  silu_kernel<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
