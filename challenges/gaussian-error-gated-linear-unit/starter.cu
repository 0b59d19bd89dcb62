#include <cuda_runtime.h>

// input holds N floats (N even), output N / 2. The first half of input is x1, the second x2.
__global__ void geglu_kernel(const float* input, float* output, int half) {
  // Your turn: compute this thread's index i and, if it is below half, write
  // x1[i] * GELU(x2[i]) to output[i], with x1[i] = input[i] and x2[i] = input[half + i].
}

extern "C" void solve(const float* input, float* output, int N) {
  int half = N / 2;
  int threads_per_block = 256;
  int blocks = (half + threads_per_block - 1) / threads_per_block;
  geglu_kernel<<<blocks, threads_per_block>>>(input, output, half);
  cudaDeviceSynchronize();
}
