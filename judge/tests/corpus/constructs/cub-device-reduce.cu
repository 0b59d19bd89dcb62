// Fallback construct: device-wide CUB called from host code (cub::DeviceReduce::Sum with its
// two-phase temporary-storage protocol). The kernels live inside CUB's host templates, so the
// NVRTC splitter cannot extract them; `auto` must compile it with nvcc. Host: reduction.
#include <cub/device/device_reduce.cuh>
#include <cuda_runtime.h>

extern "C" void solve(const float* input, float* output, int N) {
  size_t temp_bytes = 0;
  cub::DeviceReduce::Sum(nullptr, temp_bytes, input, output, N);
  void* temp = nullptr;
  cudaMalloc(&temp, temp_bytes);
  cub::DeviceReduce::Sum(temp, temp_bytes, input, output, N);
  cudaDeviceSynchronize();
  cudaFree(temp);
}
