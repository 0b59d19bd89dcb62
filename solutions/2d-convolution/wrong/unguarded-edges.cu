// WRONG (RTE, "wrote outside"): the kernel has no bounds check. The grid is rounded up to whole
// 16 x 16 blocks, and the threads past the last output row or column compute a sum anyway and
// store it.
//
// Threads past the last column write into the next row's outputs (with values from the wrong
// place), and threads past the last row write beyond the end of output. In example 1 (2 x 3
// outputs) the single block stores up to output[15 * 3 + 15] = output[60], far into the judge's
// guard zone behind the 6 floats of output.
#include <cuda_runtime.h>

__global__ void convolution_2d_unguarded(const float* input, const float* kernel, float* output, int input_cols,
                                         int kernel_rows, int kernel_cols, int output_cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    for (int n = 0; n < kernel_cols; ++n) sum += input[(row + m) * input_cols + col + n] * kernel[m * kernel_cols + n];
  }
  output[row * output_cols + col] = sum;  // no check that row and col are inside the output
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const dim3 threads(16, 16);
  const dim3 blocks((output_cols + 15) / 16, (output_rows + 15) / 16);
  convolution_2d_unguarded<<<blocks, threads>>>(input, kernel, output, input_cols, kernel_rows, kernel_cols,
                                                output_cols);
  cudaDeviceSynchronize();
}
