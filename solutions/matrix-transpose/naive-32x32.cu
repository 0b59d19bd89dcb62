// Naive with 32 x 32 blocks: one thread per element, as naive.cu, with 1024-thread blocks.
//
// A warp is now one full row of 32 input columns: its reads are one 128-byte line, but its
// writes go to 32 different output rows, one 4-byte store each. With 16 x 16 blocks (naive.cu)
// a warp covers two rows of 16, so each scattered store carries 8 bytes and half as many store
// transactions are needed.
#include <cuda_runtime.h>

__global__ void transpose_naive(const float* input, float* output, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) output[col * rows + row] = input[row * cols + col];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(32, 32);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  transpose_naive<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
