// One block: a single block of 1024 threads walks every pixel with a block-stride loop.
//
// Only one of the GPU's SMs works, and its 32 warps keep just three loads each in flight: far
// too little to cover DRAM latency, so the kernel streams a few tens of GB/s, orders of
// magnitude below what a full grid reaches.
#include <cuda_runtime.h>

__device__ __forceinline__ float gray(float r, float g, float b) { return 0.299f * r + 0.587f * g + 0.114f * b; }

__global__ void grayscale_one_block(const float* input, float* output, int pixels) {
  for (int p = threadIdx.x; p < pixels; p += blockDim.x) {
    output[p] = gray(input[3 * p], input[3 * p + 1], input[3 * p + 2]);
  }
}

extern "C" void solve(const float* input, float* output, int width, int height) {
  grayscale_one_block<<<1, 1024>>>(input, output, width * height);
  cudaDeviceSynchronize();
}
