// WRONG (WA): computes the textbook convolution, which flips the kernel.
//
// output[i] = sum_j input[i + j] * kernel[kernel_size - 1 - j] is what signal processing calls
// convolution, but this problem (like deep-learning "convolution" layers) asks for the
// cross-correlation, with the kernel in its given order. Every output is written, so the judge
// reports plain mismatches: in example 1, output[0] is 2.5 instead of -0.5.
#include <cuda_runtime.h>

__global__ void convolution_1d_flipped(const float* input, const float* kernel, float* output, int output_size,
                                       int kernel_size) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= output_size) return;
  float sum = 0.0f;
  for (int j = 0; j < kernel_size; ++j) sum += input[i + j] * kernel[kernel_size - 1 - j];
  output[i] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size, int kernel_size) {
  const int output_size = input_size - kernel_size + 1;
  const int threads = 256;
  const int blocks = (output_size + threads - 1) / threads;
  convolution_1d_flipped<<<blocks, threads>>>(input, kernel, output, output_size, kernel_size);
  cudaDeviceSynchronize();
}
