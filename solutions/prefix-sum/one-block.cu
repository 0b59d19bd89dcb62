// One block: a single block of 1024 threads walks the array in tiles of 4,096 elements. Each
// thread scans its four elements, warp shuffles scan the thread totals, one warp scans the warp
// totals, and a running carry links each tile to the ones before it.
//
// The scan itself is a good one, but only one SM works and each tile waits for its loads and two
// barriers before the next starts: a few GB/s. The slowest rung.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;
constexpr int kItems = 4;
constexpr int kTile = kThreads * kItems;

__global__ void scan_one_block(const float* input, float* output, int N) {
  __shared__ float warp_totals[kThreads / 32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  float carry = 0.0f;  // sum of all earlier tiles, the same in every thread

  for (int base = 0; base < N; base += kTile) {
    const int first = base + threadIdx.x * kItems;
    float v[kItems];
    float run = 0.0f;
    for (int k = 0; k < kItems; ++k) {
      run += (first + k < N) ? input[first + k] : 0.0f;
      v[k] = run;  // inclusive within this thread's four elements
    }
    // Inclusive scan of the thread totals across the warp.
    float x = run;
    for (int offset = 1; offset < 32; offset *= 2) {
      const float y = __shfl_up_sync(0xffffffffu, x, offset);
      if (lane >= offset) x += y;
    }
    if (lane == 31) warp_totals[warp] = x;
    __syncthreads();
    if (warp == 0) {
      float w = warp_totals[lane];
      for (int offset = 1; offset < 32; offset *= 2) {
        const float y = __shfl_up_sync(0xffffffffu, w, offset);
        if (lane >= offset) w += y;
      }
      warp_totals[lane] = w;  // inclusive over warps
    }
    __syncthreads();

    const float before = carry + (warp > 0 ? warp_totals[warp - 1] : 0.0f) + (x - run);
    for (int k = 0; k < kItems; ++k)
      if (first + k < N) output[first + k] = before + v[k];
    carry += warp_totals[kThreads / 32 - 1];
    __syncthreads();  // everyone has read warp_totals before the next tile overwrites it
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  scan_one_block<<<1, kThreads>>>(input, output, N);
  cudaDeviceSynchronize();
}
