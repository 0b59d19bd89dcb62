// WRONG (WA, "never written"): the output size is taken as input_size - kernel_size, one short.
//
// A valid cross-correlation has input_size - kernel_size + 1 outputs (the kernel fits at every
// start position 0 .. input_size - kernel_size). With the "+ 1" forgotten, the last output keeps
// the garbage it started with: in example 1 (input_size 5, kernel_size 3) output[2] is never
// written.
#include <cuda_runtime.h>

__global__ void convolution_1d(const float* input, const float* kernel, float* output, int output_size,
                               int kernel_size) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= output_size) return;
  float sum = 0.0f;
  for (int j = 0; j < kernel_size; ++j) sum += input[i + j] * kernel[j];
  output[i] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size, int kernel_size) {
  const int output_size = input_size - kernel_size;  // should be + 1
  const int threads = 256;
  const int blocks = (output_size + threads - 1) / threads;
  convolution_1d<<<blocks, threads>>>(input, kernel, output, output_size, kernel_size);
  cudaDeviceSynchronize();
}
