// One block: a single block of 1024 threads walks all N / 2 outputs with a block-stride loop.
//
// Every access is coalesced, but only one of the GPU's SMs works, and its 32 warps keep just two
// 128-byte loads each in flight: far too little to cover DRAM latency, so the kernel streams a
// few tens of GB/s, orders of magnitude below what a full grid reaches.
#include <cuda_runtime.h>

__device__ __forceinline__ float gelu(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678f)); }

__global__ void geglu_one_block(const float* input, float* output, int half) {
  for (int i = threadIdx.x; i < half; i += blockDim.x) output[i] = input[i] * gelu(input[half + i]);
}

extern "C" void solve(const float* input, float* output, int N) {
  geglu_one_block<<<1, 1024>>>(input, output, N / 2);
  cudaDeviceSynchronize();
}
