// Naive: one thread per output in 16 x 16 blocks (x runs over columns), every operand read from
// global memory.
//
// Neighbouring threads read neighbouring input values, so the loads are coalesced and mostly hit
// L1, and the kernel value is the same address for the whole warp. Still, each multiply-add
// needs two load instructions through the L1 pipeline (a warp's 32 input reads cover two rows,
// so at least two cache lines), and that pipeline, not the arithmetic, sets the speed.
#include <cuda_runtime.h>

__global__ void convolution_2d_naive(const float* input, const float* kernel, float* output, int input_cols,
                                     int kernel_rows, int kernel_cols, int output_rows, int output_cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
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
  const dim3 threads(16, 16);
  const dim3 blocks((output_cols + 15) / 16, (output_rows + 15) / 16);
  convolution_2d_naive<<<blocks, threads>>>(input, kernel, output, input_cols, kernel_rows, kernel_cols, output_rows,
                                            output_cols);
  cudaDeviceSynchronize();
}
