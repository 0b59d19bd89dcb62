// WRONG (WA): applies GELU to the first half instead of the second: GELU(x1) * x2.
//
// Both halves are read from the right places and every output is written, but the roles are
// swapped: in example 1, output[0] = GELU(3) * 1 = 2.9959503 instead of 3 * GELU(1) = 2.5240342.
#include <cuda_runtime.h>

__device__ __forceinline__ float gelu(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678f)); }

__global__ void geglu_swapped(const float* input, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) output[i] = gelu(input[i]) * input[half + i];
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int threads = 256;
  geglu_swapped<<<(half + threads - 1) / threads, threads>>>(input, output, half);
  cudaDeviceSynchronize();
}
