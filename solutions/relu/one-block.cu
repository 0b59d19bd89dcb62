// One block: a single block of 1024 threads walks the whole array with a block-stride loop.
//
// Every access is coalesced, but only one of the GPU's SMs works, and its 32 warps keep just one
// 128-byte load each in flight: far too little to cover DRAM latency, so the kernel streams a
// few GB/s, orders of magnitude below what a full grid reaches.
#include <cuda_runtime.h>

__device__ __forceinline__ float relu(float x) { return fmaxf(x, 0.0f); }

__global__ void relu_one_block(const float* input, float* output, int N) {
  for (int i = threadIdx.x; i < N; i += blockDim.x) output[i] = relu(input[i]);
}

extern "C" void solve(const float* input, float* output, int N) {
  relu_one_block<<<1, 1024>>>(input, output, N);
  cudaDeviceSynchronize();
}
