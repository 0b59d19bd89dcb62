// WRONG (WA): wrong boundary rule. Taps outside the image read the nearest edge pixel (clamped
// coordinates, "replicate" padding) instead of zero.
//
// Inside the image nothing changes, but every border pixel is too large: in example 1 the
// corner output[0][0] becomes (16 + 32 + 16 + 32 + 32) / 16 = 8 instead of 6.
#include <cuda_runtime.h>

__global__ void gaussian_blur_clamped(const float* input, const float* kernel, float* output, int input_rows,
                                      int input_cols, int kernel_rows, int kernel_cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= input_rows || col >= input_cols) return;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    const int r = min(max(row + m - kernel_rows / 2, 0), input_rows - 1);
    for (int n = 0; n < kernel_cols; ++n) {
      const int c = min(max(col + n - kernel_cols / 2, 0), input_cols - 1);
      sum += input[r * input_cols + c] * kernel[m * kernel_cols + n];
    }
  }
  output[row * input_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((input_cols + 15) / 16, (input_rows + 15) / 16);
  gaussian_blur_clamped<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
  cudaDeviceSynchronize();
}
