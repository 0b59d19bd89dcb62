// WRONG (WA, "never written"): a correct tiled kernel launched with its grid dimensions swapped.
//
// The kernel walks input columns with blockIdx.x and input rows with blockIdx.y, but the launch
// sizes x from rows and y from cols. That happens to work while rows and cols need the same
// number of 32-wide tiles (all the examples), and leaves whole tiles of output untouched as
// soon as they do not (first at a 1 x 37 matrix: columns 32..36 are never copied).
#include <cuda_runtime.h>

#define TILE 32

__global__ void transpose_tiled(const float* input, float* output, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  const int col = blockIdx.x * TILE + threadIdx.x;
  const int row = blockIdx.y * TILE + threadIdx.y;
  if (row < rows && col < cols) tile[threadIdx.y][threadIdx.x] = input[row * cols + col];
  __syncthreads();
  const int out_row = blockIdx.x * TILE + threadIdx.y;
  const int out_col = blockIdx.y * TILE + threadIdx.x;
  if (out_row < cols && out_col < rows) {
    output[out_row * rows + out_col] = tile[threadIdx.x][threadIdx.y];
  }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(TILE, TILE);
  const dim3 blocks((rows + TILE - 1) / TILE, (cols + TILE - 1) / TILE);  // bug: x and y swapped
  transpose_tiled<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
