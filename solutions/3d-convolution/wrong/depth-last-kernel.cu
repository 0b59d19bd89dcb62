// WRONG (WA): reads the kernel as if its depth were the fastest-moving index
// (kernel[(kc * kernel_rows + kr) * kernel_depth + kd]) instead of its columns. Both buffers are
// stored depth-major: [depth][rows][cols], row-major inside each plane. Example 1 gives 1 instead
// of -2 for its first output.
#include <cuda_runtime.h>

__global__ void conv3d_depth_last(const float* input, const float* kernel, float* output, int input_rows,
                                  int input_cols, int kernel_depth, int kernel_rows, int kernel_cols, int out_rows,
                                  int out_cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  const int d = blockIdx.z;
  if (r >= out_rows || c >= out_cols) return;
  float sum = 0.0f;
  for (int kd = 0; kd < kernel_depth; ++kd)
    for (int kr = 0; kr < kernel_rows; ++kr)
      for (int kc = 0; kc < kernel_cols; ++kc)
        sum += input[((d + kd) * input_rows + r + kr) * input_cols + c + kc] *
               kernel[(kc * kernel_rows + kr) * kernel_depth + kd];
  output[(d * out_rows + r) * out_cols + c] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth, int input_rows,
                      int input_cols, int kernel_depth, int kernel_rows, int kernel_cols) {
  const int out_depth = input_depth - kernel_depth + 1;
  const int out_rows = input_rows - kernel_rows + 1;
  const int out_cols = input_cols - kernel_cols + 1;
  const dim3 threads(16, 16);
  const dim3 blocks((out_cols + 15) / 16, (out_rows + 15) / 16, out_depth);
  conv3d_depth_last<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_depth, kernel_rows,
                                         kernel_cols, out_rows, out_cols);
  cudaDeviceSynchronize();
}
