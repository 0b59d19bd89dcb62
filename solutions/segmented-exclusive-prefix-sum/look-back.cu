// Decoupled look-back, simple form: one launch, 1,024-element tiles (a float4 of values and an
// int4 of flags per thread). Each block publishes its tile's aggregate (the sum after its last
// flag, and whether it has one) at once, then thread 0 walks back one tile at a time, adding sums
// until it meets a tile with a flag or one that has published its inclusive prefix. Left on the
// table: a memset of the flags every call, small tiles and a look-back of one tile per step.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kTile = 4 * kThreads;
constexpr int kWarps = kThreads / 32;

// Flag word of a tile: high 32 bits (has a flag << 2) | status (0 nothing yet, 1 aggregate, 2
// inclusive prefix), low 32 bits the value's float bits: one 64-bit store publishes all of it.
constexpr unsigned long long kAggregate = 1ull << 32;
constexpr unsigned long long kPrefix = 2ull << 32;
constexpr unsigned long long kHasFlag = 4ull << 32;

static unsigned long long* scratch = nullptr;  // [0] tile counter, [1 + t] flag word of tile t
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

__device__ __forceinline__ void publish(unsigned long long* word, unsigned long long bits, float value) {
  *reinterpret_cast<volatile unsigned long long*>(word) = bits | __float_as_uint(value);
}

__global__ void __launch_bounds__(kThreads)
segscan_look_back(const float* values, const int* flags, float* output, int N, unsigned long long* scratch) {
  __shared__ float warp_sums[kWarps];
  __shared__ int warp_flags[kWarps];
  __shared__ int tile_shared;
  __shared__ float carry_shared;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  unsigned long long* words = scratch + 1;

  // Tiles in the order blocks start, so every earlier tile belongs to a block already running.
  if (threadIdx.x == 0) tile_shared = static_cast<int>(atomicAdd(scratch, 1ull));
  __syncthreads();
  const int tile = tile_shared;

  const long long i = static_cast<long long>(tile) * kTile + 4 * threadIdx.x;
  const float4 a = load4(values, i, N);
  const int4 b = load4(flags, i, N);
  float v[4] = {a.x, a.y, a.z, a.w};
  const int f[4] = {b.x, b.y, b.z, b.w};
  float run = 0.0f;
  bool has = false;
  for (int k = 0; k < 4; ++k) {
    if (f[k] != 0) {
      run = 0.0f;
      has = true;
    }
    run += v[k];
  }
  float x = run;
  bool fx = has;
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
    float total = 0.0f;  // the tile's aggregate
    bool flagged = false;
    for (int w = 0; w < kWarps; ++w) {
      total = warp_flags[w] ? warp_sums[w] : total + warp_sums[w];
      flagged = flagged || warp_flags[w];
    }
    const unsigned long long mark = flagged ? kHasFlag : 0ull;
    float carry = 0.0f;
    if (tile == 0) {
      publish(&words[0], kPrefix | mark, total);
    } else {
      publish(&words[tile], kAggregate | mark, total);
      for (int p = tile - 1;; --p) {
        const volatile unsigned long long* word = &words[p];
        unsigned long long w;
        do {
          w = *word;
        } while ((w >> 32) == 0);  // that tile has not even published its aggregate yet
        carry += __uint_as_float(static_cast<unsigned int>(w));
        if ((w & kHasFlag) || (w & kPrefix)) break;  // nothing before p reaches this tile
      }
      publish(&words[tile], kPrefix | mark, flagged ? total : carry + total);
    }
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
  cudaMemsetAsync(scratch, 0, entries * sizeof(unsigned long long));  // counter and flag words
  segscan_look_back<<<tiles, kThreads>>>(values, flags, output, N, scratch);
  cudaDeviceSynchronize();
}
