// shared-bitmap.cu with warp-aggregated queue appends. Each thread first claims its (up to four)
// neighbours, then the warp adds up its claims with a shuffle scan and one lane reserves room
// for the whole warp with a single atomicAdd; every lane writes its cells at its own offset. The
// frontier loop runs the same trip count on every lane (index >= count simply claims nothing) so
// the warp-wide shuffles are legal.
//
// Faster than shared-bitmap.cu: every new cell there is one atomicAdd on the same shared
// counter, serialised across the whole block (about a thousand per level); here it is one per
// warp, and the queue stores of a warp land next to each other.
#include <cuda_runtime.h>

#define THREADS 1024
#define MAX_CELLS (1000 * 1000)

__device__ int g_queue[2][MAX_CELLS];

__global__ void __launch_bounds__(THREADS)
    bfs_warp(const int* grid, int* result, int rows, int cols, int start, int end) {
  extern __shared__ unsigned avail[];
  __shared__ int count[3];
  __shared__ int found;
  const int n_cells = rows * cols;
  const int n_words = (n_cells + 31) / 32;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (int w = warp; w < n_words; w += THREADS / 32) {
    const int cell = w * 32 + lane;
    const unsigned bits = __ballot_sync(0xffffffffu, cell < n_cells && grid[cell] == 0);
    if (lane == 0) avail[w] = bits;
  }
  if (threadIdx.x == 0) {
    count[0] = 1;
    count[1] = 0;
    count[2] = 0;
    found = start == end ? 0 : -1;
    g_queue[0][0] = start;
  }
  __syncthreads();
  if (threadIdx.x == 0) avail[start >> 5] &= ~(1u << (start & 31));
  __syncthreads();

  for (int level = 0;; ++level) {
    const int f = found;  // only a value from an earlier level counts (see single-block.cu)
    if (f >= 0 && f <= level) break;
    const int n_in = count[level % 3];
    if (n_in == 0) break;
    const int* in = g_queue[level & 1];
    int* out = g_queue[(level + 1) & 1];
    for (int base = 0; base < n_in; base += THREADS) {
      const int i = base + threadIdx.x;
      int claimed[4];
      int k = 0;
      if (i < n_in) {
        const int cell = in[i];
        const int r = cell / cols, c = cell - r * cols;
        int next[4];
        int n = 0;
        if (r > 0) next[n++] = cell - cols;
        if (r + 1 < rows) next[n++] = cell + cols;
        if (c > 0) next[n++] = cell - 1;
        if (c + 1 < cols) next[n++] = cell + 1;
        for (int j = 0; j < n; ++j) {
          const int nb = next[j];
          const unsigned bit = 1u << (nb & 31);
          if ((avail[nb >> 5] & bit) == 0) continue;
          if ((atomicAnd(&avail[nb >> 5], ~bit) & bit) == 0) continue;
          claimed[k++] = nb;
          if (nb == end) found = level + 1;
        }
      }
      int offset = k;  // inclusive scan of the claim counts across the warp
      for (int d = 1; d < 32; d <<= 1) {
        const int v = __shfl_up_sync(0xffffffffu, offset, d);
        if (lane >= d) offset += v;
      }
      int slot = 0;
      if (lane == 31 && offset > 0) slot = atomicAdd(&count[(level + 1) % 3], offset);
      slot = __shfl_sync(0xffffffffu, slot, 31) + offset - k;
      for (int j = 0; j < k; ++j) out[slot + j] = claimed[j];
    }
    if (threadIdx.x == 0) count[(level + 2) % 3] = 0;
    __syncthreads();
  }
  if (threadIdx.x == 0) *result = found;
}

// grid, result are device pointers.
extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row,
                      int end_col) {
  const int shared = ((rows * cols + 31) / 32) * (int)sizeof(unsigned);
  static bool configured = false;
  if (!configured) {
    cudaFuncSetAttribute(bfs_warp, cudaFuncAttributeMaxDynamicSharedMemorySize, (MAX_CELLS / 32) * 4);
    configured = true;
  }
  bfs_warp<<<1, THREADS, shared>>>(grid, result, rows, cols, start_row * cols + start_col, end_row * cols + end_col);
}
