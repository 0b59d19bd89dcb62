// Best: a single-pass scan with decoupled look-back, 4,096-element tiles, and no per-call setup:
// one launch, one read and one write of every element.
//
// Changes from look-back.cu: tiles four times larger (16 elements per thread, loaded as
// coalesced float4s into shared memory, swizzled so that neither the loads nor the per-thread
// reads conflict on banks); the look-back is done by a whole warp, 32 earlier tiles per step; and
// the flags carry the call's number (an epoch) instead of being cleared with a memset, while the
// block that draws the last tile resets the tile counter. No device sync inside solve.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kItems = 16;                // consecutive elements per thread
constexpr int kTile = kThreads * kItems;  // 4,096
constexpr int kVecs = kTile / 4;          // float4s per tile
constexpr int kMaxTiles = (100000000 + kTile - 1) / kTile;  // N <= 10^8

// Flag word of a tile: high 32 bits (epoch << 2) | status, status 1 = the tile's total,
// 2 = its inclusive prefix; low 32 bits the value. Flags of earlier calls carry another epoch
// and read as "nothing yet". Zero at module load; epochs start at 1.
__device__ unsigned long long g_flags[kMaxTiles];
__device__ unsigned int g_next_tile = 0;

__device__ __forceinline__ int swizzle(int q) { return q ^ ((q >> 3) & 3); }

__device__ __forceinline__ float4 load4(const float* p, int i, int n) {
  if (i + 3 < n) return *reinterpret_cast<const float4*>(p + i);
  float4 v;
  v.x = (i < n) ? p[i] : 0.0f;
  v.y = (i + 1 < n) ? p[i + 1] : 0.0f;
  v.z = (i + 2 < n) ? p[i + 2] : 0.0f;
  v.w = (i + 3 < n) ? p[i + 3] : 0.0f;
  return v;
}

__device__ __forceinline__ void store4(float* p, int i, int n, float4 v) {
  if (i + 3 < n) {
    *reinterpret_cast<float4*>(p + i) = v;
    return;
  }
  if (i < n) p[i] = v.x;
  if (i + 1 < n) p[i + 1] = v.y;
  if (i + 2 < n) p[i + 2] = v.z;
}

__device__ __forceinline__ float warp_sum(float x) {
  for (int offset = 16; offset > 0; offset /= 2) x += __shfl_xor_sync(0xffffffffu, x, offset);
  return x;
}

__device__ __forceinline__ void publish(int tile, unsigned int tag, float value) {
  *reinterpret_cast<volatile unsigned long long*>(&g_flags[tile]) =
      (static_cast<unsigned long long>(tag) << 32) | __float_as_uint(value);
}

// The carry of `tile` (> 0): the sum of everything before it, found by warp 0.
__device__ float look_back(int tile, unsigned int epoch_tag, int lane) {
  float carry = 0.0f;
  for (int top = tile - 1;; top -= 32) {
    const int p = top - lane;  // lane 0 looks at the nearest earlier tile
    unsigned int status;
    float value;
    do {
      if (p >= 0) {
        const unsigned long long word = *reinterpret_cast<const volatile unsigned long long*>(&g_flags[p]);
        const unsigned int high = static_cast<unsigned int>(word >> 32);
        status = ((high & ~3u) == epoch_tag) ? (high & 3u) : 0u;
        value = __uint_as_float(static_cast<unsigned int>(word));
      } else {
        status = 2;  // before tile 0: an inclusive prefix of zero
        value = 0.0f;
      }
    } while (__any_sync(0xffffffffu, status == 0));
    const unsigned int prefixes = __ballot_sync(0xffffffffu, status == 2);
    if (prefixes != 0) {
      const int nearest = __ffs(prefixes) - 1;  // totals of the lanes before it, then its prefix
      return carry + warp_sum(lane <= nearest ? value : 0.0f);
    }
    carry += warp_sum(value);  // 32 totals, none a prefix: look further back
  }
}

__global__ void __launch_bounds__(kThreads)
scan_best(const float* __restrict__ input, float* __restrict__ output, int N, int tiles, unsigned int epoch) {
  __shared__ float4 buf[kVecs];
  __shared__ float warp_totals[kWarps];
  __shared__ int tile_shared;
  __shared__ float carry_shared;
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;

  if (threadIdx.x == 0) {
    // Tiles in the order blocks start: every earlier tile belongs to a block already running.
    const int tile = static_cast<int>(atomicAdd(&g_next_tile, 1u));
    if (tile == tiles - 1) g_next_tile = 0;  // the last ticket: reset for the next call
    tile_shared = tile;
  }
  __syncthreads();
  const int tile = tile_shared;
  const int base = tile * kTile;

  for (int j = 0; j < kVecs / kThreads; ++j) {
    const int q = threadIdx.x + j * kThreads;
    buf[swizzle(q)] = load4(input, base + 4 * q, N);
  }
  __syncthreads();

  float v[kItems];
  for (int k = 0; k < kItems / 4; ++k) {
    const float4 q = buf[swizzle(threadIdx.x * (kItems / 4) + k)];
    v[4 * k] = q.x;
    v[4 * k + 1] = q.y;
    v[4 * k + 2] = q.z;
    v[4 * k + 3] = q.w;
  }
  for (int k = 1; k < kItems; ++k) v[k] += v[k - 1];
  const float run = v[kItems - 1];
  float x = run;
  for (int offset = 1; offset < 32; offset *= 2) {
    const float y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  if (lane == 31) warp_totals[warp] = x;
  __syncthreads();

  if (warp == 0) {
    const float total = warp_sum(lane < kWarps ? warp_totals[lane] : 0.0f);
    const unsigned int tag = epoch << 2;
    float carry = 0.0f;
    if (tile == 0) {
      if (lane == 0) publish(0, tag | 2u, total);
    } else {
      if (lane == 0) publish(tile, tag | 1u, total);
      carry = look_back(tile, tag, lane);
      if (lane == 0) publish(tile, tag | 2u, carry + total);
    }
    if (lane == 0) carry_shared = carry;
  }
  __syncthreads();

  float before = carry_shared + (x - run);
  for (int w = 0; w < warp; ++w) before += warp_totals[w];
  for (int k = 0; k < kItems / 4; ++k)
    buf[swizzle(threadIdx.x * (kItems / 4) + k)] =
        make_float4(before + v[4 * k], before + v[4 * k + 1], before + v[4 * k + 2], before + v[4 * k + 3]);
  __syncthreads();
  for (int j = 0; j < kVecs / kThreads; ++j) {
    const int q = threadIdx.x + j * kThreads;
    store4(output, base + 4 * q, N, buf[swizzle(q)]);
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  static unsigned int epoch = 0;
  epoch = epoch % 0x3fffffffu + 1;  // 1 .. 2^30 - 1, so epoch << 2 keeps two status bits free
  const int tiles = (N + kTile - 1) / kTile;
  scan_best<<<tiles, kThreads>>>(input, output, N, tiles, epoch);
}
