// Naive: one thread per element, 256 threads per block.
//
// Thread i reads input[i] and writes max(0, input[i]) to output[i]. Neighbouring threads touch
// neighbouring addresses, so every warp access is coalesced; this is the baseline the other
// solutions improve on by moving more bytes per instruction and per thread.
#include <cuda_runtime.h>

__global__ void relu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : 0.0f;
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  relu_kernel<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
