// WRONG (WA): the algebraically equal form x * exp(x) / (1 + exp(x)), which overflows.
//
// For x above about 88.7, expf(x) is infinite and the quotient is inf / inf = NaN instead of x.
// The first case that catches it is example 2 (input 100). For moderate inputs it is fine, which
// is why the tests include saturating values.
#include <cuda_runtime.h>

__global__ void silu_overflowing(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float x = input[i];
    const float e = expf(x);
    output[i] = x * e / (1.0f + e);
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  silu_overflowing<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
