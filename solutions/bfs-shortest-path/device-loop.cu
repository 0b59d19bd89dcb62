// Frontier BFS without a host round trip per level. Each level's kernel runs a fixed grid that
// reads the queue length from device memory (grid-stride loop), so the host can launch 32 levels
// back to back and copy the state back once per batch. Three rotating counters let kernel L read
// counter L % 3, append to counter (L + 1) % 3 and clear counter (L + 2) % 3 (last read by kernel
// L - 1, which has finished). Kernels after the end is found, or after the frontier empties,
// return at once.
//
// Faster than frontier-queue.cu: the launches queue up on the stream and overlap with each other,
// so a level costs about one kernel launch instead of a launch, a memset and a blocking copy.
#include <cuda_runtime.h>

#define BATCH 32

struct State {
  int count[3];  // count[L % 3]: length of level L's queue
  int found;     // distance of the end cell, -1 until it is reached
};

__global__ void seed_start(int* dist, int* queue, State* st, int start) {
  dist[start] = 0;
  queue[0] = start;
  st->count[0] = 1;
  st->count[1] = 0;
  st->count[2] = 0;
  st->found = -1;
}

__global__ void expand_level(const int* grid, int* dist, int* queues, State* st, int rows, int cols, int level,
                             int end) {
  if (st->found >= 0) return;
  const int n_cells = rows * cols;
  const int* in = queues + (size_t)(level & 1) * n_cells;
  int* out = queues + (size_t)((level + 1) & 1) * n_cells;
  const int count = st->count[level % 3];
  if (blockIdx.x == 0 && threadIdx.x == 0) st->count[(level + 2) % 3] = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x) {
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
      if (grid[nb] != 0 || dist[nb] >= 0) continue;
      if (atomicCAS(&dist[nb], -1, level + 1) != -1) continue;
      out[atomicAdd(&st->count[(level + 1) % 3], 1)] = nb;
      if (nb == end) st->found = level + 1;
    }
  }
}

// grid, result are device pointers.
extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row,
                      int end_col) {
  const int n = rows * cols;
  const int start = start_row * cols + start_col, end = end_row * cols + end_col;
  if (start == end) {
    const int zero = 0;
    cudaMemcpy(result, &zero, sizeof(int), cudaMemcpyHostToDevice);
    return;
  }
  int *dist = nullptr, *queues = nullptr;
  State* st = nullptr;
  cudaMalloc(&dist, (size_t)n * sizeof(int));
  cudaMalloc(&queues, 2 * (size_t)n * sizeof(int));
  cudaMalloc(&st, sizeof(State));
  cudaMemset(dist, 0xff, (size_t)n * sizeof(int));
  seed_start<<<1, 1>>>(dist, queues, st, start);

  int answer = -1;
  for (int level = 0;; level += BATCH) {
    for (int l = level; l < level + BATCH; ++l) expand_level<<<16, 256>>>(grid, dist, queues, st, rows, cols, l, end);
    State h;
    cudaMemcpy(&h, st, sizeof(State), cudaMemcpyDeviceToHost);
    answer = h.found;
    if (answer >= 0 || h.count[(level + BATCH) % 3] == 0) break;
  }
  cudaMemcpy(result, &answer, sizeof(int), cudaMemcpyHostToDevice);
  cudaFree(dist);
  cudaFree(queues);
  cudaFree(st);
}
