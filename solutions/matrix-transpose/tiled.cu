// Tiled: a 32 x 32 tile staged through shared memory, padded to 33 columns.
//
// A block of 32 x 32 threads reads one tile of the input with coalesced row reads, stores it in
// shared memory, and then writes the transposed tile with coalesced row writes: thread x of a
// warp writes output column x of one output row. Only the shared-memory access is "strided",
// and the extra padding column makes the 32 elements of a tile column fall into 32 different
// banks, so reading them is conflict-free. Global traffic becomes the minimum: every byte read
// once and written once in full sectors.
#include <cuda_runtime.h>

#define TILE 32

__global__ void transpose_tiled(const float* input, float* output, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];

  // Load input(row, col) into tile[y][x].
  int col = blockIdx.x * TILE + threadIdx.x;
  int row = blockIdx.y * TILE + threadIdx.y;
  if (row < rows && col < cols) tile[threadIdx.y][threadIdx.x] = input[row * cols + col];
  __syncthreads();

  // The block's output tile starts at output row blockIdx.x * TILE, column blockIdx.y * TILE.
  const int out_row = blockIdx.x * TILE + threadIdx.y;  // an input column
  const int out_col = blockIdx.y * TILE + threadIdx.x;  // an input row
  if (out_row < cols && out_col < rows) {
    output[out_row * rows + out_col] = tile[threadIdx.x][threadIdx.y];
  }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(TILE, TILE);
  const dim3 blocks((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
  transpose_tiled<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
