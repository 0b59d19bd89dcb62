// WRONG (WA): computes the textbook convolution, which rotates the kernel by 180 degrees.
//
// output[i][j] = sum input[i + m][j + n] * kernel[kernel_rows - 1 - m][kernel_cols - 1 - n] is
// what signal processing calls convolution, but this problem (like deep-learning convolution
// layers) wants the kernel as given. Every output is written, so the judge reports plain
// mismatches: in example 1, output[0][0] is 4 instead of 6.
#include <cuda_runtime.h>

__global__ void convolution_2d_flipped(const float* input, const float* kernel, float* output, int input_cols,
                                       int kernel_rows, int kernel_cols, int output_rows, int output_cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= output_rows || col >= output_cols) return;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    for (int n = 0; n < kernel_cols; ++n)
      sum += input[(row + m) * input_cols + col + n] * kernel[(kernel_rows - 1 - m) * kernel_cols + (kernel_cols - 1 - n)];
  }
  output[row * output_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const dim3 threads(16, 16);
  const dim3 blocks((output_cols + 15) / 16, (output_rows + 15) / 16);
  convolution_2d_flipped<<<blocks, threads>>>(input, kernel, output, input_cols, kernel_rows, kernel_cols,
                                              output_rows, output_cols);
  cudaDeviceSynchronize();
}
