// Tiny blocks: the naive one-thread-per-cell kernel launched with blocks of 32 threads (one warp,
// 32 cells of a row).
//
// An SM holds at most 32 blocks, so it runs only 32 warps, half of what it could: fewer loads
// in flight than DRAM needs to stream at full speed, a little slower than 256-thread blocks.
#include <cuda_runtime.h>

__global__ void jacobi_block32(const float* input, float* output, int rows, int cols) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y;
  if (j >= cols) return;
  const int idx = i * cols + j;
  if (i == 0 || j == 0 || i == rows - 1 || j == cols - 1) {
    output[idx] = input[idx];
  } else {
    output[idx] = 0.25f * (input[idx - cols] + input[idx + cols] + input[idx - 1] + input[idx + 1]);
  }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 blocks((cols + 31) / 32, rows);
  jacobi_block32<<<blocks, 32>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
