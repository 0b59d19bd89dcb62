// WRONG: blocks add their share into result with a plain `*result += ...` instead of atomicAdd:
// blocks that read result at the same time overwrite each other's additions, so with thousands of
// blocks most shares are lost. The 100,000,000-sample test (4,096 blocks) shows it.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 4096

__global__ void block_atomic_estimate(const float* y, float* result, float scale, int n) {
  __shared__ float partial[THREADS];
  const int tid = threadIdx.x;
  float sum = 0.0f;
  for (int i = blockIdx.x * THREADS + tid; i < n; i += gridDim.x * THREADS) sum += y[i];
  partial[tid] = sum;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) *result += partial[0] * scale;  // BUG: a plain read-modify-write, not atomic
}

extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
  const float scale = (float)(((double)b - (double)a) / n_samples);
  int blocks = (n_samples + THREADS - 1) / THREADS;
  if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
  cudaMemset(result, 0, sizeof(float));
  block_atomic_estimate<<<blocks, THREADS>>>(y_samples, result, scale, n_samples);
}
