// WRONG: frontier-queue.cu that stops after rows + cols levels, as if no path could be longer
// than a walk across the grid. Walls force detours: the serpentine maze's path is 38 steps in a
// 7 x 9 grid, and the search gives up at 16 and answers -1.
#include <cuda_runtime.h>

__global__ void seed_start(int* dist, int* queue, int start) {
  dist[start] = 0;
  queue[0] = start;
}

// status[0]: length of the next queue, status[1]: distance of the end cell (-1 until reached).
__global__ void expand_frontier(const int* grid, int* dist, const int* in, int count, int* out, int rows, int cols,
                                int level, int end, int* status) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
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
    if (atomicCAS(&dist[nb], -1, level + 1) != -1) continue;  // another thread claimed it
    out[atomicAdd(&status[0], 1)] = nb;
    if (nb == end) status[1] = level + 1;
  }
}

// grid, result are device pointers.
extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row,
                      int end_col) {
  const int n = rows * cols;
  const int start = start_row * cols + start_col, end = end_row * cols + end_col;
  int *dist = nullptr, *queues = nullptr, *status = nullptr;
  cudaMalloc(&dist, (size_t)n * sizeof(int));
  cudaMalloc(&queues, 2 * (size_t)n * sizeof(int));
  cudaMalloc(&status, 2 * sizeof(int));
  cudaMemset(dist, 0xff, (size_t)n * sizeof(int));
  cudaMemset(status, 0xff, 2 * sizeof(int));
  seed_start<<<1, 1>>>(dist, queues, start);

  int answer = start == end ? 0 : -1;
  int count = 1;
  // bug: no shortest path is assumed longer than rows + cols steps (the Manhattan distance
  // across the grid), so the search gives up there.
  for (int level = 0; answer < 0 && count > 0 && level < rows + cols; ++level) {
    int* in = queues + (size_t)(level & 1) * n;
    int* out = queues + (size_t)((level + 1) & 1) * n;
    cudaMemset(status, 0, sizeof(int));
    const int threads = 256, blocks = (count + threads - 1) / threads;
    expand_frontier<<<blocks, threads>>>(grid, dist, in, count, out, rows, cols, level, end, status);
    int h[2];
    cudaMemcpy(h, status, sizeof(h), cudaMemcpyDeviceToHost);
    count = h[0];
    answer = h[1];
  }
  cudaMemcpy(result, &answer, sizeof(int), cudaMemcpyHostToDevice);
  cudaFree(dist);
  cudaFree(queues);
  cudaFree(status);
}
