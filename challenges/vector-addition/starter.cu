#include <cuda_runtime.h>

// A, B and C are device pointers, each holding N floats.
__global__ void vector_add(const float* A, const float* B, float* C, int N) {
  // Your turn: compute this thread's index and, if it is inside the vector, write A + B into C.
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  int threads_per_block = 256;
  int blocks = (N + threads_per_block - 1) / threads_per_block;
  vector_add<<<blocks, threads_per_block>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
