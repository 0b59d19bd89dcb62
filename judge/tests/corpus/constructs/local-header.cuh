// The header of local-header.cu: a prototype, a device function, a kernel and a constant, as
// real solutions split them. Included once although local-header.cu includes it twice.
#pragma once
#include <cuda_runtime.h>

constexpr int kThreads = 256;

__device__ __forceinline__ float relu_of(float x) { return x > 0.0f ? x : 0.0f; }

__global__ void relu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) output[i] = relu_of(input[i]);
}

void launch_relu(const float* input, float* output, int N);
