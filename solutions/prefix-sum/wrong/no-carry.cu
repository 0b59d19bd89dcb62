// WRONG (WA): every block scans its own 1,024 elements and stops there: no carry from the blocks
// before it.
//
// Right while N fits in one block (the examples), wrong from the first block boundary on: in
// ones-4097 element 1024 comes out as 1 instead of 1025, an error of a whole block's sum.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kTile = 4 * kThreads;
constexpr int kWarps = kThreads / 32;

__global__ void scan_blocks(const float* in, float* out, int n) {
  __shared__ float warp_totals[kWarps];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int i = blockIdx.x * kTile + 4 * threadIdx.x;
  float v[4];
  float run = 0.0f;
  for (int k = 0; k < 4; ++k) {
    run += (i + k < n) ? in[i + k] : 0.0f;
    v[k] = run;
  }
  float x = run;
  for (int offset = 1; offset < 32; offset *= 2) {
    const float y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  if (lane == 31) warp_totals[warp] = x;
  __syncthreads();
  float before = x - run;
  for (int w = 0; w < warp; ++w) before += warp_totals[w];
  // Bug: the sum of all earlier blocks is never added.
  for (int k = 0; k < 4; ++k)
    if (i + k < n) out[i + k] = before + v[k];
}

extern "C" void solve(const float* input, float* output, int N) {
  const int blocks = (N + kTile - 1) / kTile;
  scan_blocks<<<blocks, kThreads>>>(input, output, N);
  cudaDeviceSynchronize();
}
