// Naive: one thread per pixel in 16 x 16 blocks (x runs over columns), every operand read from
// global memory, each tap checked against the image bounds.
//
// Neighbouring threads read neighbouring pixels, so the loads are coalesced and mostly hit L1,
// and the kernel value is one address for the whole warp. But each multiply-add costs two load
// instructions through the L1 pipeline plus the index arithmetic and bounds checks of its tap.
#include <cuda_runtime.h>

__global__ void gaussian_blur_naive(const float* input, const float* kernel, float* output, int input_rows,
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
      sum += input[r * input_cols + c] * kernel[m * kernel_cols + n];
    }
  }
  output[row * input_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((input_cols + 15) / 16, (input_rows + 15) / 16);
  gaussian_blur_naive<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
  cudaDeviceSynchronize();
}
