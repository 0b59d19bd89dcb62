// WRONG (RTE, "wrote outside"): the taps are only summed for outputs that exist, but every thread
// of the rounded-up 16 x 16 grid stores. In example 1 (2 x 2 outputs per depth) the block's
// threads store up to output[15 * 2 + 15] = output[45], far past the 4 outputs, into the judge's
// guard zone.
#include <cuda_runtime.h>

__global__ void conv3d_unguarded(const float* input, const float* kernel, float* output, int input_rows,
                                 int input_cols, int kernel_depth, int kernel_rows, int kernel_cols, int out_rows,
                                 int out_cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  const int d = blockIdx.z;
  float sum = 0.0f;
  if (r < out_rows && c < out_cols) {
    for (int kd = 0; kd < kernel_depth; ++kd)
      for (int kr = 0; kr < kernel_rows; ++kr)
        for (int kc = 0; kc < kernel_cols; ++kc)
          sum += input[((d + kd) * input_rows + r + kr) * input_cols + c + kc] *
                 kernel[(kd * kernel_rows + kr) * kernel_cols + kc];
  }
  output[(d * out_rows + r) * out_cols + c] = sum;  // no check that (r, c) is an output
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth, int input_rows,
                      int input_cols, int kernel_depth, int kernel_rows, int kernel_cols) {
  const int out_depth = input_depth - kernel_depth + 1;
  const int out_rows = input_rows - kernel_rows + 1;
  const int out_cols = input_cols - kernel_cols + 1;
  const dim3 threads(16, 16);
  const dim3 blocks((out_cols + 15) / 16, (out_rows + 15) / 16, out_depth);
  conv3d_unguarded<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_depth, kernel_rows,
                                        kernel_cols, out_rows, out_cols);
  cudaDeviceSynchronize();
}
