// One thread per pair: thread p handles element j of a token's first half and its partner j + D/2,
// loading each Q value once and writing both results.
//
// Half the threads of the naive kernel, no second load of Q and no branch on the half: a warp's
// six loads and two stores each cover 32 consecutive floats.
#include <cuda_runtime.h>

__global__ void rope_pair(const float* __restrict__ Q, const float* __restrict__ cos_, const float* __restrict__ sin_,
                          float* __restrict__ output, int pairs, int h) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= pairs) return;
  const int m = p / h, j = p - m * h;
  const int i = m * 2 * h + j;
  const float x1 = Q[i], x2 = Q[i + h];
  output[i] = x1 * cos_[i] - x2 * sin_[i];
  output[i + h] = x2 * cos_[i + h] + x1 * sin_[i + h];
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int pairs = M * (D / 2);
  const int threads = 256;
  rope_pair<<<(pairs + threads - 1) / threads, threads>>>(Q, cos, sin, output, pairs, D / 2);
}
