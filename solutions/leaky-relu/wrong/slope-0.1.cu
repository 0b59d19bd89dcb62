// WRONG (WA): uses slope 0.1 instead of 0.01.
//
// Every element is written and nothing else is touched, so the judge reports plain mismatches
// on the negative inputs (first at example 1, element 0: got -0.2, expected -0.02).
#include <cuda_runtime.h>

__global__ void leaky_relu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : 0.1f * x;  // bug: the slope is 0.01
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  leaky_relu_kernel<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
