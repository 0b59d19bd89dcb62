#include <cuda_runtime.h>

// input holds input_size floats, kernel holds kernel_size floats and output holds
// input_size - kernel_size + 1 floats; all are device buffers.
__global__ void convolution_1d(const float* input, const float* kernel, float* output, int input_size,
                               int kernel_size) {
  // Your turn: pick this thread's output index i; if it is inside the output, write
  // input[i] * kernel[0] + input[i + 1] * kernel[1] + ... + input[i + kernel_size - 1] * kernel[kernel_size - 1].
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size, int kernel_size) {
  const int output_size = input_size - kernel_size + 1;
  const int threads = 256;
  const int blocks = (output_size + threads - 1) / threads;
  convolution_1d<<<blocks, threads>>>(input, kernel, output, input_size, kernel_size);
  cudaDeviceSynchronize();
}
