#include <cuda_runtime.h>

// input and output are device buffers of N floats each; lo <= hi are the bounds.
__global__ void clip_kernel(const float* input, float* output, float lo, float hi, int N) {
  // Your turn: compute this thread's index and, if it is inside the vector, write input clamped
  // to [lo, hi] to output.
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
  int threads_per_block = 256;
  int blocks = (N + threads_per_block - 1) / threads_per_block;
  clip_kernel<<<blocks, threads_per_block>>>(input, output, lo, hi, N);
  cudaDeviceSynchronize();
}
