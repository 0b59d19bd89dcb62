// WRONG (RTE, "wrote outside"): the taps are checked against the image, but the store is not.
// The grid is rounded up to whole 16 x 16 blocks, and the threads past the last row or column
// blur a pixel that does not exist (all its taps read padding or the wrong row) and store it.
//
// Threads past the last column write into the next row's pixels, and threads past the last row
// write beyond the end of output: in example 1 (a 4 x 4 image) the single block stores up to
// output[15 * 4 + 15] = output[75], far into the judge's guard zone behind the 16 floats.
#include <cuda_runtime.h>

__global__ void gaussian_blur_unguarded(const float* input, const float* kernel, float* output, int input_rows,
                                        int input_cols, int kernel_rows, int kernel_cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    const int r = row + m - kernel_rows / 2;
    if (r < 0 || r >= input_rows) continue;
    for (int n = 0; n < kernel_cols; ++n) {
      const int c = col + n - kernel_cols / 2;
      if (c < 0 || c >= input_cols) continue;
      sum += input[r * input_cols + c] * kernel[m * kernel_cols + n];
    }
  }
  output[row * input_cols + col] = sum;  // no check that (row, col) is inside the image
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((input_cols + 15) / 16, (input_rows + 15) / 16);
  gaussian_blur_unguarded<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
  cudaDeviceSynchronize();
}
