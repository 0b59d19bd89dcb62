// A block per point: the 256 threads of block i split the other points between them (coalesced
// loads), keep a private nearest, and reduce to the block's nearest in shared memory.
//
// Every block streams all of `points` (1.2 MB at N = 100,000, more than L1 holds) from L2, so
// N blocks move N * 12 N bytes through L2: slower than naive.cu, whose warps read each point
// once as a broadcast from L1, even with the tree reduction's cost left aside.
#include <cuda_runtime.h>
#include <math.h>

constexpr int THREADS = 256;

__global__ void nn_block_per_point(const float* points, int* indices, int N) {
  __shared__ float s_best[THREADS];
  __shared__ int s_idx[THREADS];
  const int i = blockIdx.x;
  const float x = points[3 * i], y = points[3 * i + 1], z = points[3 * i + 2];
  float best = INFINITY;
  int best_j = 0x7fffffff;
  for (int j = threadIdx.x; j < N; j += THREADS) {
    if (j == i) continue;
    const float dx = points[3 * j] - x, dy = points[3 * j + 1] - y, dz = points[3 * j + 2] - z;
    const float d = dx * dx + dy * dy + dz * dz;
    if (d < best) {
      best = d;
      best_j = j;
    }
  }
  s_best[threadIdx.x] = best;
  s_idx[threadIdx.x] = best_j;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) {
      const float d = s_best[threadIdx.x + stride];
      const int j = s_idx[threadIdx.x + stride];
      if (d < s_best[threadIdx.x] || (d == s_best[threadIdx.x] && j < s_idx[threadIdx.x])) {
        s_best[threadIdx.x] = d;
        s_idx[threadIdx.x] = j;
      }
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) indices[i] = s_idx[0] == 0x7fffffff ? 0 : s_idx[0];
}

extern "C" void solve(const float* points, int* indices, int N) {
  nn_block_per_point<<<N, THREADS>>>(points, indices, N);
  cudaDeviceSynchronize();
}
