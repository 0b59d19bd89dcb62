// WRONG: naive.cu measuring distance in the x-y plane only (z left out of the sum).
//
// Points stacked along z look like duplicates: in nearest-is-last, point 0 = (0, 0, 0) finds
// (0, 0, 300) at "distance" 0 before (0, 0, 1), and the other answers move with it.
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
    const float d = dx * dx + dy * dy;  // bug: z left out
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
