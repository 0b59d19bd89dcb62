#include <cuda_runtime.h>

// input is input_rows x input_cols, kernel is kernel_rows x kernel_cols and output is
// (input_rows - kernel_rows + 1) x (input_cols - kernel_cols + 1), all row-major device buffers.
__global__ void convolution_2d(const float* input, const float* kernel, float* output, int input_rows,
                               int input_cols, int kernel_rows, int kernel_cols) {
  // Your turn: pick this thread's output row i and column j; if they are inside the output, write
  // the sum of input[i + m][j + n] * kernel[m][n] over every kernel row m and column n.
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const dim3 threads(16, 16);
  const dim3 blocks((output_cols + threads.x - 1) / threads.x, (output_rows + threads.y - 1) / threads.y);
  convolution_2d<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
  cudaDeviceSynchronize();
}
