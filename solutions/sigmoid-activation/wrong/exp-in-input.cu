// WRONG (WA, "was modified"): stores the intermediate exp(-x) in X.
//
// The first kernel overwrites X[i] with expf(-X[i]) and the second computes Y = 1 / (1 + X).
// Y is right, but X is an input buffer and the judge checks that it comes back unchanged.
#include <cuda_runtime.h>

__global__ void exp_neg_in_place(float* X, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) X[i] = expf(-X[i]);
}

__global__ void reciprocal_one_plus(const float* E, float* Y, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) Y[i] = 1.0f / (1.0f + E[i]);
}

extern "C" void solve(float* X, float* Y, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  exp_neg_in_place<<<blocks, threads>>>(X, N);
  reciprocal_one_plus<<<blocks, threads>>>(X, Y, N);
  cudaDeviceSynchronize();
}
