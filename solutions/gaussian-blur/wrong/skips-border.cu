// WRONG (WA, "never written"): wrong boundary rule. Only the pixels where the whole kernel fits
// inside the image are blurred (the "valid" region of a convolution); the border pixels, whose
// kernel would reach outside, are skipped instead of being computed with zero padding.
//
// The skipped pixels keep the garbage output started with: in example 1 (4 x 4 image, 3 x 3
// kernel) only the 4 centre pixels are written, the 12 border pixels never are.
#include <cuda_runtime.h>

__global__ void gaussian_blur_interior_only(const float* input, const float* kernel, float* output, int input_rows,
                                            int input_cols, int kernel_rows, int kernel_cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int hr = kernel_rows / 2, hc = kernel_cols / 2;
  if (row < hr || row >= input_rows - hr || col < hc || col >= input_cols - hc) return;  // border skipped
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    for (int n = 0; n < kernel_cols; ++n) sum += input[(row + m - hr) * input_cols + col + n - hc] * kernel[m * kernel_cols + n];
  }
  output[row * input_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((input_cols + 15) / 16, (input_rows + 15) / 16);
  gaussian_blur_interior_only<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows,
                                                   kernel_cols);
  cudaDeviceSynchronize();
}
