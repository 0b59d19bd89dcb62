// Rows on x: one thread per output, operands from global memory, but threadIdx.x runs over the
// output ROWS of a 32 x 32 block (the x-means-row habit from matrix notation).
//
// The 32 lanes of a warp then sit in 32 different rows, so every input load touches 32 cache
// lines instead of one or two, and the L1 pipeline serves each load instruction in about 32
// passes. Same arithmetic as naive.cu, many times the memory-pipeline work.
#include <cuda_runtime.h>

__global__ void convolution_2d_rows_in_x(const float* input, const float* kernel, float* output, int input_cols,
                                         int kernel_rows, int kernel_cols, int output_rows, int output_cols) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= output_rows || col >= output_cols) return;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    for (int n = 0; n < kernel_cols; ++n) sum += input[(row + m) * input_cols + col + n] * kernel[m * kernel_cols + n];
  }
  output[row * output_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const dim3 threads(32, 32);
  const dim3 blocks((output_rows + 31) / 32, (output_cols + 31) / 32);
  convolution_2d_rows_in_x<<<blocks, threads>>>(input, kernel, output, input_cols, kernel_rows, kernel_cols,
                                                output_rows, output_cols);
  cudaDeviceSynchronize();
}
