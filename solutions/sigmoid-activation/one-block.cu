// One block: a single block of 1024 threads walks the whole array with a block-stride loop.
//
// Every access is coalesced, but only one of the GPU's SMs works, and its 32 warps keep just one
// 128-byte load each in flight: far too little to cover DRAM latency, so the kernel streams a
// few GB/s, orders of magnitude below what a full grid reaches.
#include <cuda_runtime.h>

__device__ __forceinline__ float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

__global__ void sigmoid_one_block(const float* X, float* Y, int N) {
  for (int i = threadIdx.x; i < N; i += blockDim.x) Y[i] = sigmoid(X[i]);
}

extern "C" void solve(const float* X, float* Y, int N) {
  sigmoid_one_block<<<1, 1024>>>(X, Y, N);
  cudaDeviceSynchronize();
}
