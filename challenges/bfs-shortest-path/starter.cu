#include <cuda_runtime.h>

// One thread per cell could look at the cells reached at the current distance and mark their
// free, unvisited neighbours with the next distance; the host (or the GPU) then repeats that
// level after level until the end cell is reached or nothing new is marked.
__global__ void bfs_level_kernel(const int* grid, int* dist, int rows, int cols, int level, int* changed) {
  int cell = blockIdx.x * blockDim.x + threadIdx.x;
  if (cell < rows * cols) {
    // Your turn.
  }
}

// grid, result are device pointers.
extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row,
                      int end_col) {
  int* dist = nullptr;
  int* changed = nullptr;
  cudaMalloc(&dist, (size_t)rows * cols * sizeof(int));
  cudaMalloc(&changed, sizeof(int));
  int threadsPerBlock = 256;
  int blocksPerGrid = (rows * cols + threadsPerBlock - 1) / threadsPerBlock;
  bfs_level_kernel<<<blocksPerGrid, threadsPerBlock>>>(grid, dist, rows, cols, 0, changed);
  cudaDeviceSynchronize();
  cudaFree(dist);
  cudaFree(changed);
}
