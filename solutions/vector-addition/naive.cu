// Naive: one thread per element, 256 threads per block.
//
// Thread i loads A[i] and B[i] and stores C[i]. Neighbouring threads touch neighbouring
// addresses, so every warp's loads and stores are fully coalesced; this is the baseline the
// other solutions improve on by moving more bytes per instruction and per thread.
#include <cuda_runtime.h>

__global__ void vector_add(const float* A, const float* B, float* C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  vector_add<<<blocks, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
