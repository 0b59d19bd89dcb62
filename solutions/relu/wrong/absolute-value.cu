// WRONG (WA): computes |x| instead of max(0, x).
//
// Clearing the sign bit looks like a cheap branch-free ReLU, but it turns negative inputs into
// positive outputs instead of zeros. Every element is written and nothing outside output is
// touched, so the judge reports plain mismatches (first at example 1, element 0: got 2,
// expected 0).
#include <cuda_runtime.h>

__global__ void relu_wrong(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) output[i] = __int_as_float(__float_as_int(input[i]) & 0x7fffffff);
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  relu_wrong<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
