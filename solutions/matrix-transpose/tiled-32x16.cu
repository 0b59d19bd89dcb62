// Tiled with 32 x 16 threads: the padded 32 x 32 tile of tiled.cu, two elements per thread.
//
// Each thread loads rows y and y + 16 of the tile and stores two output rows. Blocks of 512
// threads instead of 1024 let more blocks share an SM, so one block's loads overlap another's
// stores across the __syncthreads(), and each thread has two loads in flight. best.cu goes on
// to 32 x 8 threads and four elements per thread.
#include <cuda_runtime.h>

#define TILE 32
#define BLOCK_ROWS 16

__global__ void transpose_tiled2(const float* input, float* output, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];

  const int col = blockIdx.x * TILE + threadIdx.x;
  const int row0 = blockIdx.y * TILE + threadIdx.y;
  if (col < cols) {
    for (int k = 0; k < TILE; k += BLOCK_ROWS) {
      const int row = row0 + k;
      if (row < rows) tile[threadIdx.y + k][threadIdx.x] = input[row * cols + col];
    }
  }
  __syncthreads();

  const int out_col = blockIdx.y * TILE + threadIdx.x;   // an input row
  const int out_row0 = blockIdx.x * TILE + threadIdx.y;  // an input column
  if (out_col < rows) {
    for (int k = 0; k < TILE; k += BLOCK_ROWS) {
      const int out_row = out_row0 + k;
      if (out_row < cols) output[out_row * rows + out_col] = tile[threadIdx.x][threadIdx.y + k];
    }
  }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(TILE, BLOCK_ROWS);
  const dim3 blocks((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
  transpose_tiled2<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
