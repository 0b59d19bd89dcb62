// WRONG: frontier-queue.cu with the left and right neighbours taken as cell - 1 and cell + 1 in
// the flattened grid, checked only against the ends of the array. From the last cell of a row
// that steps onto the first cell of the next row (and back), a move the grid does not have, so
// the path through the row ends is too short (no-wrap: 1 instead of 4).
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
  int next[4];
  int n = 0;
  if (cell >= cols) next[n++] = cell - cols;
  if (cell + cols < rows * cols) next[n++] = cell + cols;
  if (cell > 0) next[n++] = cell - 1;                // bug: from column 0 this is the previous row's end
  if (cell + 1 < rows * cols) next[n++] = cell + 1;  // bug: from the last column this is the next row's start
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
  for (int level = 0; answer < 0 && count > 0; ++level) {
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
