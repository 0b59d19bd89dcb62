// Chained scan: one pass, 4,096-element tiles (a float4 of values and an int4 of flags for each of
// 1,024 threads), tiles numbered in the order blocks start. Each tile scans itself, then thread 0
// waits until the previous tile has published its inclusive prefix, combines it with the tile's
// aggregate and publishes its own. Parallel loads, but the carries travel down a chain of 12,208
// tiles one hop at a time, even through tiles whose flags make the carry irrelevant.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;
constexpr int kWarps = kThreads / 32;
constexpr int kTile = 4 * kThreads;

static unsigned long long* scratch = nullptr;  // [0] tile counter, [1 + t] (1 << 32) | prefix bits of tile t
static size_t scratch_capacity = 0;

__device__ __forceinline__ float4 load4(const float* p, long long i, int n) {
  if (i + 3 < n) return *reinterpret_cast<const float4*>(p + i);
  float4 v;
  v.x = (i < n) ? p[i] : 0.0f;
  v.y = (i + 1 < n) ? p[i + 1] : 0.0f;
  v.z = (i + 2 < n) ? p[i + 2] : 0.0f;
  v.w = (i + 3 < n) ? p[i + 3] : 0.0f;
  return v;
}

__device__ __forceinline__ int4 load4(const int* p, long long i, int n) {
  if (i + 3 < n) return *reinterpret_cast<const int4*>(p + i);
  int4 v;
  v.x = (i < n) ? p[i] : 0;
  v.y = (i + 1 < n) ? p[i + 1] : 0;
  v.z = (i + 2 < n) ? p[i + 2] : 0;
  v.w = (i + 3 < n) ? p[i + 3] : 0;
  return v;
}

__device__ __forceinline__ void store4(float* p, long long i, int n, float4 v) {
  if (i + 3 < n) {
    *reinterpret_cast<float4*>(p + i) = v;
    return;
  }
  if (i < n) p[i] = v.x;
  if (i + 1 < n) p[i + 1] = v.y;
  if (i + 2 < n) p[i + 2] = v.z;
}

__global__ void __launch_bounds__(kThreads)
segscan_chained(const float* values, const int* flags, float* output, int N, unsigned long long* scratch) {
  __shared__ float warp_sums[kWarps];
  __shared__ int warp_flags[kWarps];
  __shared__ int tile_shared;
  __shared__ float carry_shared;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  unsigned long long* done = scratch + 1;
  if (threadIdx.x == 0) tile_shared = static_cast<int>(atomicAdd(scratch, 1ull));
  __syncthreads();
  const int tile = tile_shared;

  const long long i = static_cast<long long>(tile) * kTile + 4 * threadIdx.x;
  const float4 a = load4(values, i, N);
  const int4 b = load4(flags, i, N);
  float v[4] = {a.x, a.y, a.z, a.w};
  const int f[4] = {b.x, b.y, b.z, b.w};
  float x = 0.0f;
  bool fx = false;
  for (int k = 0; k < 4; ++k) {
    if (f[k] != 0) {
      x = 0.0f;
      fx = true;
    }
    x += v[k];
  }
  for (int offset = 1; offset < 32; offset *= 2) {
    const float y = __shfl_up_sync(0xffffffffu, x, offset);
    const bool fy = __shfl_up_sync(0xffffffffu, fx ? 1 : 0, offset) != 0;
    if (lane >= offset) {
      if (!fx) x += y;
      fx = fx || fy;
    }
  }
  if (lane == 31) {
    warp_sums[warp] = x;
    warp_flags[warp] = fx ? 1 : 0;
  }
  float ex = __shfl_up_sync(0xffffffffu, x, 1);
  bool fex = __shfl_up_sync(0xffffffffu, fx ? 1 : 0, 1) != 0;
  if (lane == 0) {
    ex = 0.0f;
    fex = false;
  }
  __syncthreads();

  if (threadIdx.x == 0) {
    float total = 0.0f;
    bool flagged = false;
    for (int w = 0; w < kWarps; ++w) {
      total = warp_flags[w] ? warp_sums[w] : total + warp_sums[w];
      flagged = flagged || warp_flags[w];
    }
    float carry = 0.0f;
    if (tile > 0) {
      const volatile unsigned long long* prev = &done[tile - 1];
      unsigned long long word;
      do {
        word = *prev;
      } while ((word >> 32) == 0);  // the previous tile has not published its prefix yet
      carry = __uint_as_float(static_cast<unsigned int>(word));
    }
    const float prefix = flagged ? total : carry + total;
    *reinterpret_cast<volatile unsigned long long*>(&done[tile]) = (1ull << 32) | __float_as_uint(prefix);
    carry_shared = carry;
  }
  __syncthreads();

  float in = carry_shared;
  for (int w = 0; w < warp; ++w) in = warp_flags[w] ? warp_sums[w] : in + warp_sums[w];
  in = fex ? ex : in + ex;
  for (int k = 0; k < 4; ++k) {
    if (f[k] != 0) in = 0.0f;
    const float next = in + v[k];
    v[k] = in;
    in = next;
  }
  store4(output, i, N, make_float4(v[0], v[1], v[2], v[3]));
}

extern "C" void solve(const float* values, const int* flags, float* output, int N) {
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
  segscan_chained<<<tiles, kThreads>>>(values, flags, output, N, scratch);
  cudaDeviceSynchronize();
}
