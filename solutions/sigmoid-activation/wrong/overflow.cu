// WRONG (WA): the algebraically equal form exp(x) / (1 + exp(x)), which overflows.
//
// For x above about 88.7, expf(x) is infinite and the quotient is inf / inf = NaN instead of 1.
// The first case that catches it is example 2 (X = 100). For moderate inputs it is fine, which
// is why the test plan includes saturating values.
#include <cuda_runtime.h>

__global__ void sigmoid_overflowing(const float* X, float* Y, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float e = expf(X[i]);
    Y[i] = e / (1.0f + e);
  }
}

extern "C" void solve(const float* X, float* Y, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  sigmoid_overflowing<<<blocks, threads>>>(X, Y, N);
  cudaDeviceSynchronize();
}
