// WRONG: returns the mean of the samples, not the integral estimate: the factor (b - a) is missing.
// Right only when b - a = 1; example 1 shows it (2.5 instead of 5).
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void one_block_estimate(const float* y, float* result, float scale, int n) {
  __shared__ float partial[THREADS];
  const int tid = threadIdx.x;
  float sum = 0.0f;
  for (int i = tid; i < n; i += THREADS) sum += y[i];
  partial[tid] = sum;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) result[0] = partial[0] * scale;
}

// The estimate of the integral over [a, b] is (b - a) times the mean of the samples: scale is
// (b - a) / n_samples, formed in double on the host (a and b are floats, their difference exact).
extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
  const float scale = (float)(1.0 / n_samples);  // BUG: the mean only, the width b - a is missing
  one_block_estimate<<<1, THREADS>>>(y_samples, result, scale, n_samples);
}
