#include <cuda_runtime.h>

// input is a device buffer of N floats (N even): the first half is x1, the second half x2.
// output is a device buffer of N / 2 floats.
__global__ void swiglu_kernel(const float* input, float* output, int half) {
  // Your turn: compute this thread's index i and, if i < half, write SiLU(input[i]) times
  // input[half + i] to output[i].
}

extern "C" void solve(const float* input, float* output, int N) {
  int half = N / 2;
  int threads_per_block = 256;
  int blocks = (half + threads_per_block - 1) / threads_per_block;
  swiglu_kernel<<<blocks, threads_per_block>>>(input, output, half);
  cudaDeviceSynchronize();
}
