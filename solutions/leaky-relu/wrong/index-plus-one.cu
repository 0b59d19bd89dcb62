// WRONG (WA, diagnosis unwritten_head): the index starts at 1.
//
// "+ 1" in the global index (a habit from 1-based loops) shifts every thread one element up:
// each thread computes element i + 1, so element 0 is never written (and the guard keeps the
// last thread inside the buffer). Example 1 already fails.
#include <cuda_runtime.h>

__global__ void leaky_relu(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (i < N) output[i] = input[i] > 0.0f ? input[i] : 0.01f * input[i];
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  leaky_relu<<<(N + threads - 1) / threads, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
