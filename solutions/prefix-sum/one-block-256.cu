// One block of 256 threads: the same scan as one-block (four elements a thread, warp shuffles for
// the thread totals, one warp for the warp totals, a running carry from tile to tile), with a
// quarter of the threads, so tiles of 1,024 elements: 245 of them at the performance size.
//
// Each tile still costs a round trip for its loads and its barriers before the next can start,
// and one SM does it all; the tiles are smaller but there are four times as many, and a block of
// 8 warps hides less of each wait than one-block's 32: the slowest rung, a few times one-block.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kItems = 4;
constexpr int kTile = kThreads * kItems;
constexpr int kWarps = kThreads / 32;

__global__ void scan_one_block_256(const float* input, float* output, int N) {
  __shared__ float warp_totals[kWarps];
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
      float w = lane < kWarps ? warp_totals[lane] : 0.0f;  // only kWarps = 8 totals
      for (int offset = 1; offset < 32; offset *= 2) {
        const float y = __shfl_up_sync(0xffffffffu, w, offset);
        if (lane >= offset) w += y;
      }
      if (lane < kWarps) warp_totals[lane] = w;  // inclusive over warps
    }
    __syncthreads();

    const float before = carry + (warp > 0 ? warp_totals[warp - 1] : 0.0f) + (x - run);
    for (int k = 0; k < kItems; ++k)
      if (first + k < N) output[first + k] = before + v[k];
    carry += warp_totals[kWarps - 1];
    __syncthreads();  // everyone has read warp_totals before the next tile overwrites it
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  scan_one_block_256<<<1, kThreads>>>(input, output, N);
  cudaDeviceSynchronize();
}
