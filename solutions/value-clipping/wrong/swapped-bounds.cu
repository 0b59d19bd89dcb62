// WRONG (WA): min and max applied the wrong way round, fmaxf(fminf(x, lo), hi).
//
// fminf(x, lo) is at most lo, which is at most hi, so the outer fmaxf returns hi for every
// element. Example 1 already gives 2.0 everywhere.
#include <cuda_runtime.h>

__global__ void clip_kernel(const float* input, float* output, float lo, float hi, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) output[i] = fmaxf(fminf(input[i], lo), hi);
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  clip_kernel<<<blocks, threads>>>(input, output, lo, hi, N);
  cudaDeviceSynchronize();
}
