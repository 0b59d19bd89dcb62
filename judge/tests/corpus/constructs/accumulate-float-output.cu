// Sums with atomicAdd into `output` without clearing it first. With the judge's NaN-like marker
// in output the sum stays NaN; with zeroed output it is right: the diagnosis names the bug.
#include <cuda_runtime.h>

__global__ void sum_into(const float* input, float* output, int N) {
  __shared__ float partial[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < N ? input[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const float* input, float* output, int N) {
  sum_into<<<(N + 255) / 256, 256>>>(input, output, N);
  cudaDeviceSynchronize();
}
