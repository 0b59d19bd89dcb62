// WRONG (WA): rotates the kernel by 180 degrees (the textbook convolution) instead of using it as
// given.
//
// For a symmetric Gaussian this changes nothing, which is why example 1 passes; the asymmetric
// kernel of example 2 (weights on the pixel and its right neighbour) then averages with the left
// neighbour instead: output[0][0] is 1 instead of 3, a plain mismatch.
#include <cuda_runtime.h>

__global__ void gaussian_blur_flipped(const float* input, const float* kernel, float* output, int input_rows,
                                      int input_cols, int kernel_rows, int kernel_cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= input_rows || col >= input_cols) return;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    const int r = row + m - kernel_rows / 2;
    if (r < 0 || r >= input_rows) continue;
    for (int n = 0; n < kernel_cols; ++n) {
      const int c = col + n - kernel_cols / 2;
      if (c < 0 || c >= input_cols) continue;
      sum += input[r * input_cols + c] * kernel[(kernel_rows - 1 - m) * kernel_cols + (kernel_cols - 1 - n)];
    }
  }
  output[row * input_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((input_cols + 15) / 16, (input_rows + 15) / 16);
  gaussian_blur_flipped<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
  cudaDeviceSynchronize();
}
