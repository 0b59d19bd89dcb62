// Level-synchronous BFS, the plainest way: one kernel launch per distance level, one thread per
// cell. A thread whose cell is at the current level marks each free, unvisited neighbour with the
// next level. After every level the host copies two ints back (did anything change, and the end
// cell's distance) to decide whether to go on.
//
// Slow because every level scans all rows * cols cells although only the frontier has work, and
// because each level pays a launch plus a synchronous device-to-host copy: on a 1000 x 1000 grid
// with a path of about 2,400 steps that is 2,400 full scans and round trips.
#include <cuda_runtime.h>

__global__ void seed_start(int* dist, int start) {
  dist[start] = 0;
}

__global__ void expand_level(const int* grid, int* dist, int rows, int cols, int level, int end, int* status) {
  const int cell = blockIdx.x * blockDim.x + threadIdx.x;
  if (cell >= rows * cols || dist[cell] != level) return;
  const int r = cell / cols, c = cell - r * cols;
  int next[4];
  int n = 0;
  if (r > 0) next[n++] = cell - cols;
  if (r + 1 < rows) next[n++] = cell + cols;
  if (c > 0) next[n++] = cell - 1;
  if (c + 1 < cols) next[n++] = cell + 1;
  for (int k = 0; k < n; ++k) {
    const int nb = next[k];
    // Several threads may mark the same neighbour; they all write the same value.
    if (grid[nb] == 0 && dist[nb] < 0) {
      dist[nb] = level + 1;
      status[0] = 1;
      if (nb == end) status[1] = level + 1;
    }
  }
}

// grid, result are device pointers.
extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row,
                      int end_col) {
  const int n = rows * cols;
  const int start = start_row * cols + start_col, end = end_row * cols + end_col;
  int* dist = nullptr;
  int* status = nullptr;  // [0]: something changed this level, [1]: distance of the end cell
  cudaMalloc(&dist, (size_t)n * sizeof(int));
  cudaMalloc(&status, 2 * sizeof(int));
  cudaMemset(dist, 0xff, (size_t)n * sizeof(int));  // every byte 0xff: -1, unvisited
  cudaMemset(status, 0xff, 2 * sizeof(int));
  seed_start<<<1, 1>>>(dist, start);

  int answer = start == end ? 0 : -1;
  const int threads = 256, blocks = (n + threads - 1) / threads;
  for (int level = 0; answer < 0; ++level) {
    cudaMemset(status, 0, sizeof(int));
    expand_level<<<blocks, threads>>>(grid, dist, rows, cols, level, end, status);
    int h[2];
    cudaMemcpy(h, status, sizeof(h), cudaMemcpyDeviceToHost);
    answer = h[1];
    if (h[0] == 0) break;  // nothing new: the end cell is unreachable
  }
  cudaMemcpy(result, &answer, sizeof(int), cudaMemcpyHostToDevice);
  cudaFree(dist);
  cudaFree(status);
}
