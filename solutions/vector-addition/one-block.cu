// One block: a single block of 1024 threads walks the whole vector with a block-stride loop.
//
// Every access is coalesced, but only one of the GPU's SMs works, and its 32 warps keep just one
// pair of 128-byte loads each in flight: far too little to cover DRAM latency, so the kernel
// streams a few GB/s, orders of magnitude below what a full grid reaches.
#include <cuda_runtime.h>

__global__ void vector_add_one_block(const float* A, const float* B, float* C, int N) {
  for (int i = threadIdx.x; i < N; i += blockDim.x) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  vector_add_one_block<<<1, 1024>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
