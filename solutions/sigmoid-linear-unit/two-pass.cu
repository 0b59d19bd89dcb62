// Two passes, reusing a sigmoid kernel: the first kernel writes sigmoid(x) to output, the
// second multiplies output by input in place.
//
// Each pass is a coalesced one-thread-per-element kernel, but output is written, read back and
// written again and input is read twice: 20 bytes of traffic per element instead of 8, between
// two and three times the naive time.
#include <cuda_runtime.h>

__global__ void sigmoid_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) output[i] = 1.0f / (1.0f + expf(-input[i]));
}

__global__ void multiply_in_place(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) output[i] *= input[i];
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  sigmoid_kernel<<<blocks, threads>>>(input, output, N);
  multiply_in_place<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
