// WRONG (WA, "never written"): copies N elements instead of N * N.
//
// The kernel treats the matrix as a vector of length N, so only the first row of B is copied
// and the other N * N - N elements keep the garbage they started with. In example 1 (N = 2),
// B[1][0] and B[1][1] are never written.
#include <cuda_runtime.h>

__global__ void copy_vector(const float* A, float* B, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) B[i] = A[i];
}

extern "C" void solve(const float* A, float* B, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  copy_vector<<<blocks, threads>>>(A, B, N);  // should be N * N elements
  cudaDeviceSynchronize();
}
