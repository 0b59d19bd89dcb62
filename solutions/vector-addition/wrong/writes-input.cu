// WRONG (WA, "was modified"): accumulates into A and copies the result to C.
//
// C ends up correct, but A is an input buffer and the judge checks that inputs come back
// unchanged. (Taking A as a non-const pointer is allowed; writing through it is not.)
#include <cuda_runtime.h>

__global__ void vector_add_into_a(float* A, const float* B, float* C, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    A[i] += B[i];
    C[i] = A[i];
  }
}

extern "C" void solve(float* A, const float* B, float* C, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  vector_add_into_a<<<blocks, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
