// WRONG (TLE): a grid-wide barrier that counts blocks but waits for threads.
//
// Each block loads its tile, one thread per block bumps a global arrival counter, and the block
// then waits for the counter to reach the number of blocks times the number of threads per
// block -- a target that block arrivals can never reach. The wait spins on a volatile read (so
// the compiler keeps the loop) and the kernel never returns; the judge stops it at the time
// limit. (Grid-wide barriers need a cooperative launch in any case.)
#include <cuda_runtime.h>

#define TILE 32

__device__ unsigned int g_blocks_loaded = 0;

__global__ void transpose_with_barrier(const float* input, float* output, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  const int col = blockIdx.x * TILE + threadIdx.x;
  const int row = blockIdx.y * TILE + threadIdx.y;
  if (row < rows && col < cols) tile[threadIdx.y][threadIdx.x] = input[row * cols + col];
  __syncthreads();

  if (threadIdx.x == 0 && threadIdx.y == 0) {
    atomicAdd(&g_blocks_loaded, 1u);
    const unsigned int target = gridDim.x * gridDim.y * blockDim.x * blockDim.y;  // bug
    const volatile unsigned int* loaded = &g_blocks_loaded;
    while (*loaded < target) {
    }
  }
  __syncthreads();

  const int out_row = blockIdx.x * TILE + threadIdx.y;
  const int out_col = blockIdx.y * TILE + threadIdx.x;
  if (out_row < cols && out_col < rows) {
    output[out_row * rows + out_col] = tile[threadIdx.x][threadIdx.y];
  }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(TILE, TILE);
  const dim3 blocks((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
  transpose_with_barrier<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
