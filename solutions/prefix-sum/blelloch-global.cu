// Work-efficient scan in global memory (Brent-Kung, the inclusive form of Blelloch's up-sweep and
// down-sweep), one launch per level: the input is copied to the output, the up-sweep launch with
// distance d adds x[j - d] into every x[j] with j + 1 a multiple of 2d (a tree of partial sums),
// and the down-sweep launches, from the top distance back to 1, add the finished prefix at
// m * 2d - 1 into x[m * 2d + d - 1]. Any N: no padding to a power of two.
//
// Only about 2N additions where hillis-steele-global does N log N, and each level touches fewer
// elements than the one before; but it takes twice as many launches (34 at the performance size,
// against 18), nearly all of them tiny, so at N = 250,000 it is the launches that cost: slower than
// hillis-steele-global, faster than one block walking the whole array.
#include <cuda_runtime.h>

constexpr int kThreads = 256;

__global__ void up_sweep(float* x, int N, long long d) {
  const long long j = ((long long)blockIdx.x * kThreads + threadIdx.x + 1) * 2 * d - 1;
  if (j < N) x[j] += x[j - d];
}

__global__ void down_sweep(float* x, int N, long long d) {
  const long long done = ((long long)blockIdx.x * kThreads + threadIdx.x + 1) * 2 * d - 1;  // a full prefix
  const long long j = done + d;
  if (j < N) x[j] += x[done];
}

static int blocks_for(long long count) {
  return (int)((count + kThreads - 1) / kThreads);
}

extern "C" void solve(const float* input, float* output, int N) {
  cudaMemcpyAsync(output, input, (size_t)N * sizeof(float), cudaMemcpyDeviceToDevice);
  if (N < 2) return;
  long long top = 1;  // the largest distance of the up-sweep: 2 * top <= N
  for (long long d = 1; 2 * d <= N; d *= 2) {
    up_sweep<<<blocks_for(N / (2 * d)), kThreads>>>(output, N, d);
    top = d;
  }
  for (long long d = top; d >= 1; d /= 2) {
    const long long count = (N - d) / (2 * d);  // m >= 1 with m * 2d + d - 1 < N
    if (count > 0) down_sweep<<<blocks_for(count), kThreads>>>(output, N, d);
  }
}
