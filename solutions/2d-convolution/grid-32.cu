// Small fixed grid: 32 blocks of 256 threads walk the outputs with a grid-stride loop, one
// output per trip, every operand read from global memory.
//
// The loop body is naive.cu's, but the grid never grows with the image: only 32 of the GPU's
// SMs get work, each with 8 warps, too few to hide the load latency, so the rest of the chip idles.
#include <cuda_runtime.h>

__global__ void convolution_2d_grid_stride(const float* input, const float* kernel, float* output, int input_cols,
                                           int kernel_rows, int kernel_cols, int output_cols, int output_count) {
  const int stride = gridDim.x * blockDim.x;
  for (int o = blockIdx.x * blockDim.x + threadIdx.x; o < output_count; o += stride) {
    const int row = o / output_cols;
    const int col = o - row * output_cols;
    float sum = 0.0f;
    for (int m = 0; m < kernel_rows; ++m) {
      for (int n = 0; n < kernel_cols; ++n) sum += input[(row + m) * input_cols + col + n] * kernel[m * kernel_cols + n];
    }
    output[o] = sum;
  }
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  convolution_2d_grid_stride<<<32, 256>>>(input, kernel, output, input_cols, kernel_rows, kernel_cols, output_cols,
                                          output_rows * output_cols);
  cudaDeviceSynchronize();
}
