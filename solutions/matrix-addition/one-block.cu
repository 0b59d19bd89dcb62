// One block: a single block of 1024 threads walks the flattened N * N matrix with a
// block-stride loop.
//
// Every access is coalesced, but only one SM works and its 32 warps keep one load pair each in
// flight: far too little to cover DRAM latency, so this streams a few GB/s.
#include <cuda_runtime.h>

__global__ void add_one_block(const float* A, const float* B, float* C, int total) {
  for (int i = threadIdx.x; i < total; i += blockDim.x) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  add_one_block<<<1, 1024>>>(A, B, C, N * N);
  cudaDeviceSynchronize();
}
