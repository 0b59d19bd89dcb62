// Small fixed grid: 32 blocks of 256 threads walk the pixels with a grid-stride loop, one pixel
// per trip, every operand read from global memory with a bounds check per tap.
//
// The loop body is naive.cu's, but the grid never grows with the image: only 32 of the GPU's
// SMs get work, each with 8 warps, too few to hide the load latency, so the rest of the chip idles.
#include <cuda_runtime.h>

__global__ void gaussian_blur_grid_stride(const float* input, const float* kernel, float* output, int input_rows,
                                          int input_cols, int kernel_rows, int kernel_cols) {
  const int count = input_rows * input_cols;
  const int stride = gridDim.x * blockDim.x;
  for (int o = blockIdx.x * blockDim.x + threadIdx.x; o < count; o += stride) {
    const int row = o / input_cols;
    const int col = o - row * input_cols;
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
    output[o] = sum;
  }
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  gaussian_blur_grid_stride<<<32, 256>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
  cudaDeviceSynchronize();
}
