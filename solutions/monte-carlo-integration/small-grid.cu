// A small fixed grid: 32 blocks of 256 threads, a grid-stride loop over the samples, a
// shared-memory tree per block, and each block's share of the estimate (its sum times
// (b - a) / n_samples) added into result with atomicAdd after a cudaMemset. 32 blocks use 32 SMs
// at a quarter of their threads: far faster than one block, far slower than a full grid.
#include <cuda_runtime.h>

#define THREADS 256
#define BLOCKS 32

__global__ void small_grid_estimate(const float* y, float* result, float scale, int n) {
  __shared__ float partial[THREADS];
  const int tid = threadIdx.x;
  float sum = 0.0f;
  for (int i = blockIdx.x * THREADS + tid; i < n; i += BLOCKS * THREADS) sum += y[i];
  partial[tid] = sum;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(result, partial[0] * scale);  // the estimate is linear in the samples
}

extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
  const float scale = (float)(((double)b - (double)a) / n_samples);
  cudaMemset(result, 0, sizeof(float));
  small_grid_estimate<<<BLOCKS, THREADS>>>(y_samples, result, scale, n_samples);
}
