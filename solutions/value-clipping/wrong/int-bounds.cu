// WRONG (WA): the kernel takes the bounds as int, so -0.5 and 0.25 arrive as 0 and 0.
//
// solve has the right float signature, but passing lo and hi to int parameters truncates them
// toward zero without a warning. Integer bounds (example 1) still work; example 2 (lo = -0.5,
// hi = 0.25) clips everything to 0.
#include <cuda_runtime.h>

__global__ void clip_kernel(const float* input, float* output, int lo, int hi, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) output[i] = fminf(fmaxf(input[i], (float)lo), (float)hi);
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  clip_kernel<<<blocks, threads>>>(input, output, lo, hi, N);
  cudaDeviceSynchronize();
}
