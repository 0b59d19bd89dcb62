// The whole BFS in one block of 1024 threads: the frontier of a grid BFS is at most a few
// thousand cells, which one block can expand, and __syncthreads() is a far cheaper level
// barrier than a grid-wide one. Distances and queues stay in global memory (dist claimed with
// atomicCAS as before); the counters live in shared memory, rotated three ways so one barrier
// per level suffices.
//
// Faster than persistent.cu: a block barrier takes tens of nanoseconds against a few
// microseconds for grid.sync(), and the level count (thousands) multiplies that difference.
#include <cuda_runtime.h>

#define THREADS 1024
#define MAX_CELLS (1000 * 1000)

__device__ int g_dist[MAX_CELLS];
__device__ int g_queue[2][MAX_CELLS];

__global__ void __launch_bounds__(THREADS)
    bfs_block(const int* grid, int* result, int rows, int cols, int start, int end) {
  __shared__ int count[3];
  __shared__ int found;
  if (threadIdx.x == 0) {
    count[0] = 1;
    count[1] = 0;
    count[2] = 0;
    found = start == end ? 0 : -1;
    g_dist[start] = 0;
    g_queue[0][0] = start;
  }
  __syncthreads();
  for (int level = 0;; ++level) {
    // found is written once, as level + 1, during the level that reaches the end; a thread
    // running ahead may write it while a slower one is still here, so only a value from an
    // earlier level counts and every thread leaves at the same level.
    const int f = found;
    if (f >= 0 && f <= level) break;
    const int n_in = count[level % 3];
    if (n_in == 0) break;
    const int* in = g_queue[level & 1];
    int* out = g_queue[(level + 1) & 1];
    for (int i = threadIdx.x; i < n_in; i += THREADS) {
      const int cell = in[i];
      const int r = cell / cols, c = cell - r * cols;
      int next[4];
      int n = 0;
      if (r > 0) next[n++] = cell - cols;
      if (r + 1 < rows) next[n++] = cell + cols;
      if (c > 0) next[n++] = cell - 1;
      if (c + 1 < cols) next[n++] = cell + 1;
      for (int k = 0; k < n; ++k) {
        const int nb = next[k];
        if (grid[nb] != 0) continue;
        if (atomicCAS(&g_dist[nb], -1, level + 1) != -1) continue;
        out[atomicAdd(&count[(level + 1) % 3], 1)] = nb;
        if (nb == end) found = level + 1;
      }
    }
    if (threadIdx.x == 0) count[(level + 2) % 3] = 0;
    __syncthreads();
  }
  if (threadIdx.x == 0) *result = found;
}

// grid, result are device pointers.
extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row,
                      int end_col) {
  static int* dist = nullptr;
  if (dist == nullptr) cudaGetSymbolAddress(reinterpret_cast<void**>(&dist), g_dist);
  cudaMemsetAsync(dist, 0xff, (size_t)rows * cols * sizeof(int));  // -1: unvisited
  bfs_block<<<1, THREADS>>>(grid, result, rows, cols, start_row * cols + start_col, end_row * cols + end_col);
}
