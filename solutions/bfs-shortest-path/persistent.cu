// The whole BFS in one cooperative launch: a grid of one 256-thread block per SM loops over the
// levels itself, and cooperative_groups' grid.sync() separates level L (every block expanding its
// share of the queue) from level L + 1. The rotating counters of device-loop.cu make one grid
// barrier per level enough.
//
// Faster than device-loop.cu: a grid barrier costs a few microseconds less than a kernel launch,
// and the host waits once, for the whole search.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define THREADS 256

struct State {
  int count[3];
  int found;
};

__global__ void bfs_persistent(const int* grid, int* dist, int* queues, State* st, int* result, int rows, int cols,
                               int start, int end) {
  cg::grid_group g = cg::this_grid();
  const int n_cells = rows * cols;
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = gridDim.x * blockDim.x;
  for (int i = gid; i < n_cells; i += stride) dist[i] = -1;
  if (gid == 0) {
    st->count[0] = 1;
    st->count[1] = 0;
    st->count[2] = 0;
    st->found = start == end ? 0 : -1;
    queues[0] = start;
  }
  g.sync();
  if (gid == 0) dist[start] = 0;
  g.sync();

  for (int level = 0;; ++level) {
    // A found value written during this level (level + 1) by a block that is already ahead is
    // ignored, so every block leaves the loop at the same level and no block waits alone.
    const int found = __ldcg(&st->found);
    if (found >= 0 && found <= level) break;
    const int count = __ldcg(&st->count[level % 3]);
    if (count == 0) break;
    const int* in = queues + (size_t)(level & 1) * n_cells;
    int* out = queues + (size_t)((level + 1) & 1) * n_cells;
    if (gid == 0) st->count[(level + 2) % 3] = 0;
    for (int i = gid; i < count; i += stride) {
      const int cell = __ldcg(&in[i]);
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
        if (atomicCAS(&dist[nb], -1, level + 1) != -1) continue;
        out[atomicAdd(&st->count[(level + 1) % 3], 1)] = nb;
        if (nb == end) st->found = level + 1;
      }
    }
    g.sync();
  }
  if (gid == 0) *result = __ldcg(&st->found);
}

// grid, result are device pointers.
extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row,
                      int end_col) {
  static int blocks = 0;
  static int* dist = nullptr;
  static int* queues = nullptr;
  static State* st = nullptr;
  if (blocks == 0) {
    int device = 0, sm_count = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
    blocks = sm_count;  // one block per SM: all resident, as grid.sync() requires
    cudaMalloc(&dist, 1000 * 1000 * sizeof(int));
    cudaMalloc(&queues, 2 * 1000 * 1000 * sizeof(int));
    cudaMalloc(&st, sizeof(State));
  }
  int start = start_row * cols + start_col, end = end_row * cols + end_col;
  void* args[] = {&grid, &dist, &queues, &st, &result, &rows, &cols, &start, &end};
  cudaLaunchCooperativeKernel((void*)bfs_persistent, dim3(blocks), dim3(THREADS), args, 0, nullptr);
}
