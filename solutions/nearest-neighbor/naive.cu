// Naive: one thread per point, scanning every other point straight from global memory.
//
// All threads of a warp read the same point j at the same time (a broadcast, served by L1), and
// compare squared distances, so no square root is taken. Scanning j upwards with a strict `<`
// keeps the lowest index among equally near points. N threads of N steps each: O(N^2) work, and
// three load instructions per pair, which the shared-memory tile removes.
#include <cuda_runtime.h>
#include <math.h>

__global__ void nn_naive(const float* points, int* indices, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const float x = points[3 * i], y = points[3 * i + 1], z = points[3 * i + 2];
  float best = INFINITY;
  int best_j = 0;
  for (int j = 0; j < N; ++j) {
    if (j == i) continue;
    const float dx = points[3 * j] - x, dy = points[3 * j + 1] - y, dz = points[3 * j + 2] - z;
    const float d = dx * dx + dy * dy + dz * dz;
    if (d < best) {
      best = d;
      best_j = j;
    }
  }
  indices[i] = best_j;
}

extern "C" void solve(const float* points, int* indices, int N) {
  const int threads = 256;
  nn_naive<<<(N + threads - 1) / threads, threads>>>(points, indices, N);
  cudaDeviceSynchronize();
}
