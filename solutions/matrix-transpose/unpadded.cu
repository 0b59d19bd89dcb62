// Tiled without padding: the 32 x 32 shared-memory tile of tiled.cu declared as [32][32].
//
// Global reads and writes are coalesced as in tiled.cu, but reading a tile column,
// tile[threadIdx.x][y], puts all 32 addresses of a warp in the same shared-memory bank: a 32-way
// bank conflict that replays the read 32 times. The one extra column of tiled.cu spreads them
// over 32 banks.
#include <cuda_runtime.h>

#define TILE 32

__global__ void transpose_tiled_unpadded(const float* input, float* output, int rows, int cols) {
  __shared__ float tile[TILE][TILE];

  const int col = blockIdx.x * TILE + threadIdx.x;
  const int row = blockIdx.y * TILE + threadIdx.y;
  if (row < rows && col < cols) tile[threadIdx.y][threadIdx.x] = input[row * cols + col];
  __syncthreads();

  const int out_row = blockIdx.x * TILE + threadIdx.y;  // an input column
  const int out_col = blockIdx.y * TILE + threadIdx.x;  // an input row
  if (out_row < cols && out_col < rows) output[out_row * rows + out_col] = tile[threadIdx.x][threadIdx.y];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(TILE, TILE);
  const dim3 blocks((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
  transpose_tiled_unpadded<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
