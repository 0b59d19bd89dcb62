// Construct: a __device__ variable reached from the host three ways: cudaGetSymbolAddress (to
// zero it), cudaMemcpyFromSymbol (to read the total back) and by name in the kernel.
// Host: reduction.
#include <cuda_runtime.h>

__device__ float d_total;

__global__ void accumulate(const float* input, int N) {
  __shared__ float partial[256];
  float s = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) s += input[i];
  partial[threadIdx.x] = s;
  __syncthreads();
  for (int stride = 128; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(&d_total, partial[0]);
}

extern "C" void solve(const float* input, float* output, int N) {
  void* total = nullptr;
  cudaGetSymbolAddress(&total, d_total);
  cudaMemset(total, 0, sizeof(float));
  int blocks = (N + 255) / 256;
  if (blocks > 1024) blocks = 1024;
  accumulate<<<blocks, 256>>>(input, N);
  float host_total = 0.0f;
  cudaMemcpyFromSymbol(&host_total, d_total, sizeof(float));
  cudaMemcpy(output, &host_total, sizeof(float), cudaMemcpyHostToDevice);
}
