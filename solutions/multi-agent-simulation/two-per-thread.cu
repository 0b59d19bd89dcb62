// positions-tile.cu with two agents per thread (i and i + 256 of a 512-agent block): each
// candidate read from shared memory is tested against two agents held in registers, so the
// shared loads per pair halve. (Four per thread would leave 98 blocks for 132 SMs at N = 100,000.)
//
// Faster than positions-tile.cu: the pair loop was bound by shared loads; now it is bound by
// the arithmetic of the tests.
#include <cuda_runtime.h>

#define THREADS 256
#define PER_THREAD 2

__global__ void __launch_bounds__(THREADS) step_two(const float4* agents, float4* next, int N) {
  __shared__ float2 tile[THREADS];
  const float2* velocities = reinterpret_cast<const float2*>(agents);
  float4 a[PER_THREAD];
  float sx[PER_THREAD], sy[PER_THREAD];
  int count[PER_THREAD], idx[PER_THREAD];
#pragma unroll
  for (int q = 0; q < PER_THREAD; ++q) {
    idx[q] = blockIdx.x * THREADS * PER_THREAD + q * THREADS + threadIdx.x;
    a[q] = idx[q] < N ? agents[idx[q]] : make_float4(1e30f, 1e30f, 0.0f, 0.0f);
    sx[q] = sy[q] = 0.0f;
    count[q] = 0;
  }
  for (int base = 0; base < N; base += THREADS) {
    const int j = base + threadIdx.x;
    if (j < N) {
      const float4 b = agents[j];
      tile[threadIdx.x] = make_float2(b.x, b.y);
    }
    __syncthreads();
    const int m = min(THREADS, N - base);
    for (int t = 0; t < m; ++t) {
      const float2 b = tile[t];
#pragma unroll
      for (int q = 0; q < PER_THREAD; ++q) {
        const float dx = b.x - a[q].x, dy = b.y - a[q].y;
        if (base + t != idx[q] && dx * dx + dy * dy < 25.0f) {
          const float2 v = __ldg(&velocities[2 * (base + t) + 1]);
          sx[q] += v.x;
          sy[q] += v.y;
          ++count[q];
        }
      }
    }
    __syncthreads();
  }
#pragma unroll
  for (int q = 0; q < PER_THREAD; ++q) {
    if (idx[q] >= N) continue;
    const float ax = count[q] > 0 ? sx[q] / count[q] : a[q].z, ay = count[q] > 0 ? sy[q] / count[q] : a[q].w;
    const float nvx = a[q].z + 0.05f * (ax - a[q].z), nvy = a[q].w + 0.05f * (ay - a[q].w);
    next[idx[q]] = make_float4(a[q].x + nvx, a[q].y + nvy, nvx, nvy);
  }
}

// agents, agents_next are device pointers.
extern "C" void solve(const float* agents, float* agents_next, int N) {
  const int blocks = (N + THREADS * PER_THREAD - 1) / (THREADS * PER_THREAD);
  step_two<<<blocks, THREADS>>>(reinterpret_cast<const float4*>(agents), reinterpret_cast<float4*>(agents_next), N);
}
