// Naive: one thread per element, 16 x 16 blocks.
//
// Reads are coalesced (a warp reads consecutive columns of one input row), but the writes are
// not: consecutive threads write to consecutive output *rows*, `rows` floats apart, so every
// warp store touches 16 or more separate 32-byte sectors and most of each sector is wasted.
#include <cuda_runtime.h>

__global__ void transpose_naive(const float* input, float* output, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) output[col * rows + row] = input[row * cols + col];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  transpose_naive<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
