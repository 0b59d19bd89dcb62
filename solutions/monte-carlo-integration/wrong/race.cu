// WRONG: every thread adds its share into result with a plain `*result += ...` instead of
// atomicAdd. The lanes of a warp read result at the same time and each writes back its own sum,
// so all but one of their additions are lost, and so are most of the other warps' (up to a
// million threads hit one address). Example 1 shows it (4 threads of one warp: one share of 5
// survives).
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 4096

__global__ void racy_estimate(const float* y, float* result, float scale, int n) {
  float sum = 0.0f;
  for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) sum += y[i];
  *result += sum * scale;  // BUG: a plain read-modify-write from every thread, not atomic
}

extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
  const float scale = (float)(((double)b - (double)a) / n_samples);
  int blocks = (n_samples + THREADS - 1) / THREADS;
  if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
  cudaMemset(result, 0, sizeof(float));
  racy_estimate<<<blocks, THREADS>>>(y_samples, result, scale, n_samples);
}
