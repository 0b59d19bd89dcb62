// Construct: the occupancy API. cudaOccupancyMaxPotentialBlockSize picks the block size and
// cudaOccupancyMaxActiveBlocksPerMultiprocessor how many blocks fill the GPU once; a grid-stride
// loop covers the rest. Host: leaky-relu.
#include <cuda_runtime.h>

__global__ void leaky_relu_strided(const float* input, float* output, int N) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : 0.01f * x;
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  int min_grid = 0, threads = 0;
  cudaOccupancyMaxPotentialBlockSize(&min_grid, &threads, leaky_relu_strided, 0, 0);
  int per_sm = 0, device = 0, sms = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, leaky_relu_strided, threads, 0);
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  int blocks = per_sm * sms;
  const int needed = (N + threads - 1) / threads;
  if (blocks > needed) blocks = needed;
  if (blocks < 1) blocks = 1;
  leaky_relu_strided<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
