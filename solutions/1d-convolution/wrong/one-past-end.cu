// WRONG (RTE, "wrote outside"): the bounds check lets thread output_size through.
//
// With i <= output_size instead of i < output_size, one extra thread computes a sum from the
// input's last elements (reading one element past the input, which goes unnoticed) and stores
// it at output[output_size], one past the end of the output. The judge's guard zone after the
// buffer catches the store in example 1.
#include <cuda_runtime.h>

__global__ void convolution_1d(const float* input, const float* kernel, float* output, int output_size,
                               int kernel_size) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > output_size) return;
  float sum = 0.0f;
  for (int j = 0; j < kernel_size; ++j) sum += input[i + j] * kernel[j];
  output[i] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size, int kernel_size) {
  const int output_size = input_size - kernel_size + 1;
  const int threads = 256;
  const int blocks = (output_size + threads - 1) / threads;
  convolution_1d<<<blocks, threads>>>(input, kernel, output, output_size, kernel_size);
  cudaDeviceSynchronize();
}
