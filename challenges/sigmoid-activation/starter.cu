#include <cuda_runtime.h>

// X and Y are device buffers of N floats each.
__global__ void sigmoid_kernel(const float* X, float* Y, int N) {
  // Your turn: compute this thread's index and, if it is inside the vector, write the sigmoid of X
  // to Y.
}

extern "C" void solve(const float* X, float* Y, int N) {
  int threads_per_block = 256;
  int blocks = (N + threads_per_block - 1) / threads_per_block;
  sigmoid_kernel<<<blocks, threads_per_block>>>(X, Y, N);
  cudaDeviceSynchronize();
}
