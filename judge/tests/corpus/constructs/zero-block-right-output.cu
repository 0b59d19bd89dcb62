// In-place reversal with one thread per pair: the grid is (N / 2 + 255) / 256 blocks, which is
// zero for N = 1. The runtime refuses that launch (cudaErrorInvalidConfiguration), but a
// one-element array is already reversed, so every output is right: accepted with a warning
// naming the kernel and its configuration (LeetGPU never sees that error); --strict rejects it.
#include <cuda_runtime.h>

__global__ void reverse_pairs(float* input, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N / 2) {
    float t = input[i];
    input[i] = input[N - 1 - i];
    input[N - 1 - i] = t;
  }
}

extern "C" void solve(float* input, int N) {
  int threads = 256;
  int blocks = (N / 2 + threads - 1) / threads;
  reverse_pairs<<<blocks, threads>>>(input, N);
  cudaDeviceSynchronize();
}
