// Small fixed grid: 32 blocks of 256 threads walk the outputs with a grid-stride loop (depth, row
// and column from divisions), every operand read from global memory.
//
// The loop body is the naive kernel's, but only 32 SMs get work, each with 8 warps: too few to
// keep the load pipeline busy while the loads of one output wait on each other.
#include <cuda_runtime.h>

__global__ void conv3d_grid_stride(const float* input, const float* kernel, float* output, int input_rows,
                                   int input_cols, int kernel_depth, int kernel_rows, int kernel_cols, int out_rows,
                                   int out_cols, int out_count) {
  for (int o = blockIdx.x * blockDim.x + threadIdx.x; o < out_count; o += gridDim.x * blockDim.x) {
    const int c = o % out_cols;
    const int r = o / out_cols % out_rows;
    const int d = o / (out_cols * out_rows);
    float sum = 0.0f;
    for (int kd = 0; kd < kernel_depth; ++kd)
      for (int kr = 0; kr < kernel_rows; ++kr)
        for (int kc = 0; kc < kernel_cols; ++kc)
          sum += input[((d + kd) * input_rows + r + kr) * input_cols + c + kc] *
                 kernel[(kd * kernel_rows + kr) * kernel_cols + kc];
    output[o] = sum;
  }
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth, int input_rows,
                      int input_cols, int kernel_depth, int kernel_rows, int kernel_cols) {
  const int out_depth = input_depth - kernel_depth + 1;
  const int out_rows = input_rows - kernel_rows + 1;
  const int out_cols = input_cols - kernel_cols + 1;
  conv3d_grid_stride<<<32, 256>>>(input, kernel, output, input_rows, input_cols, kernel_depth, kernel_rows,
                                  kernel_cols, out_rows, out_cols, out_depth * out_rows * out_cols);
  cudaDeviceSynchronize();
}
