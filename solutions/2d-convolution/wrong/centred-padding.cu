// WRONG (WA): wrong boundary rule. It centres the kernel on output (i, j) and treats pixels
// outside the image as zero (the "same" convolution of an image filter), instead of placing the
// kernel's top-left corner at input (i, j) with no padding ("valid").
//
// The output has the right size and every element is written, but the sums are taken over a
// window shifted up and left by kernel_rows / 2 and kernel_cols / 2: in example 1,
// output[0][0] = input[0][0] * kernel[1][1] = -1 instead of 6.
#include <cuda_runtime.h>

__global__ void convolution_2d_centred(const float* input, const float* kernel, float* output, int input_rows,
                                       int input_cols, int kernel_rows, int kernel_cols, int output_rows,
                                       int output_cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= output_rows || col >= output_cols) return;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    for (int n = 0; n < kernel_cols; ++n) {
      const int r = row + m - kernel_rows / 2;
      const int c = col + n - kernel_cols / 2;
      if (r >= 0 && r < input_rows && c >= 0 && c < input_cols) sum += input[r * input_cols + c] * kernel[m * kernel_cols + n];
    }
  }
  output[row * output_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const dim3 threads(16, 16);
  const dim3 blocks((output_cols + 15) / 16, (output_rows + 15) / 16);
  convolution_2d_centred<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols,
                                              output_rows, output_cols);
  cudaDeviceSynchronize();
}
