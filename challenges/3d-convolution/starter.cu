#include <cuda_runtime.h>

// input is input_depth x input_rows x input_cols, kernel is kernel_depth x kernel_rows x kernel_cols
// and output is output_depth x output_rows x output_cols (each = input - kernel + 1), all stored
// plane by plane, row-major, in device memory.
__global__ void convolution_3d(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                               int kernel_depth, int kernel_rows, int kernel_cols, int output_rows, int output_cols) {
  // Your turn: this thread's output is (blockIdx.z, row, column); if it is inside the output,
  // write the sum of input[d + kd][r + kr][c + kc] * kernel[kd][kr][kc] over the whole kernel.
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth, int input_rows,
                      int input_cols, int kernel_depth, int kernel_rows, int kernel_cols) {
  const int output_depth = input_depth - kernel_depth + 1;
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const dim3 threads(16, 16);
  const dim3 blocks((output_cols + threads.x - 1) / threads.x, (output_rows + threads.y - 1) / threads.y, output_depth);
  convolution_3d<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_depth, kernel_rows,
                                      kernel_cols, output_rows, output_cols);
  cudaDeviceSynchronize();
}
