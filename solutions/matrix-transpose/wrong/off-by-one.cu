// WRONG (RTE, "wrote outside"): the column bound uses <= instead of <.
//
// The threads with col == cols exist whenever cols is not a multiple of 16 (example 1 has
// cols = 3). They store output[cols * rows + row], past the end of output, which lands in the
// judge's guard zone after the buffer.
#include <cuda_runtime.h>

__global__ void transpose_naive(const float* input, float* output, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col <= cols) output[col * rows + row] = input[row * cols + col];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  transpose_naive<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
