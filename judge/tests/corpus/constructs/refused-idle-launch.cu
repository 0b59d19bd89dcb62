// Launches a "warm-up" kernel with 2048 threads per block (more than any GPU allows), which
// the runtime refuses; the real kernel then writes every output. The only error is the refused
// launch of a kernel that would have written nothing: accepted with a warning.
#include <cuda_runtime.h>

__global__ void warm_up() {}

__global__ void relu_kernel(const float* input, float* output, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) output[i] = fmaxf(input[i], 0.0f);
}

extern "C" void solve(const float* input, float* output, int N) {
  warm_up<<<1, 2048>>>();
  relu_kernel<<<(N + 255) / 256, 256>>>(input, output, N);
  cudaDeviceSynchronize();
}
