// WRONG: naive.cu without the test j != i.
//
// Every point is at distance 0 from itself, so each point's "nearest" is itself: indices[i] = i
// everywhere (example 1 expects [1, 0, 1, 2], gets [0, 1, 2, 3]).
#include <cuda_runtime.h>
#include <math.h>

__global__ void nn_naive(const float* points, int* indices, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const float x = points[3 * i], y = points[3 * i + 1], z = points[3 * i + 2];
  float best = INFINITY;
  int best_j = 0;
  for (int j = 0; j < N; ++j) {
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
