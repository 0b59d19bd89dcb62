// WRONG (RTE, "wrote outside"): the bounds check is i <= N instead of i < N.
//
// The thread with i = N stores output[N], one element past the end, into the judge's guard
// zone. Example 1 (N = 5, a 256-thread block) already has that thread.
#include <cuda_runtime.h>

__global__ void clip_kernel(const float* input, float* output, float lo, float hi, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= N) output[i] = fminf(fmaxf(input[i], lo), hi);
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  clip_kernel<<<blocks, threads>>>(input, output, lo, hi, N);
  cudaDeviceSynchronize();
}
