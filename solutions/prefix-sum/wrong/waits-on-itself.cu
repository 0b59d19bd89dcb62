// WRONG (TLE): a chained scan whose blocks wait for the wrong flag.
//
// Each tile should wait until the tile before it has published its inclusive prefix; this one
// waits on its own flag (flags[tile] instead of flags[tile - 1]), which it only sets after the
// wait. Tile 0 does not wait, so single-tile inputs (the examples) pass; the first input longer
// than 4,096 elements (ones-4097) spins forever on a volatile read and hits the time limit.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;
constexpr int kItems = 4;
constexpr int kTile = kThreads * kItems;

static unsigned long long* scratch = nullptr;
static size_t scratch_capacity = 0;

__global__ void scan_chained(const float* input, float* output, int N, unsigned long long* scratch) {
  __shared__ float warp_totals[kThreads / 32];
  __shared__ int tile_shared;
  __shared__ float carry_shared;
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  unsigned long long* flags = scratch + 1;

  if (threadIdx.x == 0) tile_shared = static_cast<int>(atomicAdd(scratch, 1ull));
  __syncthreads();
  const int tile = tile_shared;

  const int first = tile * kTile + threadIdx.x * kItems;
  float v[kItems];
  float run = 0.0f;
  for (int k = 0; k < kItems; ++k) {
    run += (first + k < N) ? input[first + k] : 0.0f;
    v[k] = run;
  }
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
    warp_totals[lane] = w;
  }
  __syncthreads();

  if (threadIdx.x == 0) {
    float carry = 0.0f;
    if (tile > 0) {
      const volatile unsigned long long* prev = &flags[tile];  // Bug: should be flags[tile - 1]
      unsigned long long word;
      do {
        word = *prev;
      } while ((word >> 32) == 0);
      carry = __uint_as_float(static_cast<unsigned int>(word));
    }
    *reinterpret_cast<volatile unsigned long long*>(&flags[tile]) =
        (1ull << 32) | __float_as_uint(carry + warp_totals[kThreads / 32 - 1]);
    carry_shared = carry;
  }
  __syncthreads();

  const float before = carry_shared + (warp > 0 ? warp_totals[warp - 1] : 0.0f) + (x - run);
  for (int k = 0; k < kItems; ++k)
    if (first + k < N) output[first + k] = before + v[k];
}

extern "C" void solve(const float* input, float* output, int N) {
  const int tiles = (N + kTile - 1) / kTile;
  const size_t entries = 1 + static_cast<size_t>(tiles);
  if (entries > scratch_capacity) {
    cudaFree(scratch);
    scratch = nullptr;
    scratch_capacity = 0;
    if (cudaMalloc(&scratch, entries * sizeof(unsigned long long)) != cudaSuccess) return;
    scratch_capacity = entries;
  }
  cudaMemsetAsync(scratch, 0, entries * sizeof(unsigned long long));
  scan_chained<<<tiles, kThreads>>>(input, output, N, scratch);
  cudaDeviceSynchronize();
}
