#include <cuda_runtime.h>

// input is rows x cols and output is cols x rows, both row-major device buffers.
__global__ void transpose(const float* input, float* output, int rows, int cols) {
  // Your turn: work out this thread's (row, col) from blockIdx, blockDim and threadIdx, and if it is
  // inside the matrix copy input(row, col) to output(col, row).
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  dim3 threads(16, 16);
  dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  transpose<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
