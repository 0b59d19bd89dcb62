// WRONG (WA): concatenates instead of interleaving: A then B.
//
// output[i] = A[i] and output[N + i] = B[i] fills all 2 * N elements and stays inside output, so
// the judge reports plain mismatches: in example 1 the output is [1, 2, 3, 4, 5, 6] instead of
// [1, 4, 2, 5, 3, 6] (the first difference at element 1).
#include <cuda_runtime.h>

__global__ void concatenate(const float* A, const float* B, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    output[i] = A[i];
    output[N + i] = B[i];
  }
}

extern "C" void solve(const float* A, const float* B, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  concatenate<<<blocks, threads>>>(A, B, output, N);
  cudaDeviceSynchronize();
}
