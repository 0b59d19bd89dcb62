// Best: a single-pass segmented scan with decoupled look-back, 4,096-element tiles and one launch.
// Values and flags are loaded as coalesced float4/int4s into swizzled shared memory, 16
// consecutive elements per thread. A tile's aggregate is (sum after its last flag, has a flag);
// a warp looks back 32 earlier tiles at a time and stops at the nearest tile that holds a flag or
// has published its inclusive prefix, so the look-back is short wherever flags are dense. Flags
// carry the call's number (an epoch) instead of being cleared; the last tile resets the counter.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kItems = 16;                // consecutive elements per thread
constexpr int kTile = kThreads * kItems;  // 4,096
constexpr int kVecs = kTile / 4;          // float4s per tile
constexpr int kMaxTiles = (100000000 + kTile - 1) / kTile;  // N <= 10^8

// Flag word of a tile: high 32 bits (epoch << 3) | (has a flag << 2) | status, status 1 = the
// tile's aggregate, 2 = its inclusive prefix; low 32 bits the value. Zero at load; epochs start at 1.
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

__device__ __forceinline__ int4 load4(const int* p, int i, int n) {
  if (i + 3 < n) return *reinterpret_cast<const int4*>(p + i);
  int4 v;
  v.x = (i < n) ? p[i] : 0;
  v.y = (i + 1 < n) ? p[i + 1] : 0;
  v.z = (i + 2 < n) ? p[i + 2] : 0;
  v.w = (i + 3 < n) ? p[i + 3] : 0;
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

// The carry into `tile` (> 0): the sum of the values after the last flag before it. Warp 0.
__device__ float look_back(int tile, unsigned int epoch_tag, int lane) {
  float carry = 0.0f;
  for (int top = tile - 1;; top -= 32) {
    const int p = top - lane;  // lane 0 looks at the nearest earlier tile
    unsigned int status;
    bool flagged;
    float value;
    do {
      if (p >= 0) {
        const unsigned long long word = *reinterpret_cast<const volatile unsigned long long*>(&g_flags[p]);
        const unsigned int high = static_cast<unsigned int>(word >> 32);
        status = ((high & ~7u) == epoch_tag) ? (high & 3u) : 0u;
        flagged = (high & 4u) != 0;
        value = __uint_as_float(static_cast<unsigned int>(word));
      } else {
        status = 2;  // before tile 0: an inclusive prefix of zero
        flagged = false;
        value = 0.0f;
      }
    } while (__any_sync(0xffffffffu, status == 0));
    const unsigned int stops = __ballot_sync(0xffffffffu, status == 2 || flagged);
    if (stops != 0) {
      const int nearest = __ffs(stops) - 1;  // the lanes before it add their sums, then its own
      return carry + warp_sum(lane <= nearest ? value : 0.0f);
    }
    carry += warp_sum(value);  // 32 unflagged aggregates: look further back
  }
}

__global__ void __launch_bounds__(kThreads)
segscan_best(const float* __restrict__ values, const int* __restrict__ flags, float* __restrict__ output, int N, int tiles,
             unsigned int epoch) {
  __shared__ float4 vbuf[kVecs];
  __shared__ int4 fbuf[kVecs];
  __shared__ float warp_sums[kWarps];
  __shared__ int warp_flags[kWarps];
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
    vbuf[swizzle(q)] = load4(values, base + 4 * q, N);
    fbuf[swizzle(q)] = load4(flags, base + 4 * q, N);
  }
  __syncthreads();

  float v[kItems];
  int f[kItems];
  for (int k = 0; k < kItems / 4; ++k) {
    const float4 a = vbuf[swizzle(threadIdx.x * (kItems / 4) + k)];
    const int4 b = fbuf[swizzle(threadIdx.x * (kItems / 4) + k)];
    v[4 * k] = a.x, v[4 * k + 1] = a.y, v[4 * k + 2] = a.z, v[4 * k + 3] = a.w;
    f[4 * k] = b.x, f[4 * k + 1] = b.y, f[4 * k + 2] = b.z, f[4 * k + 3] = b.w;
  }
  // This thread's aggregate: the sum after its last flag, and whether it has one.
  float run = 0.0f;
  bool has = false;
  for (int k = 0; k < kItems; ++k) {
    if (f[k] != 0) {
      run = 0.0f;
      has = true;
    }
    run += v[k];
  }
  // Inclusive segmented scan of the aggregates across the warp.
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
  // This thread's exclusive prefix within the warp.
  float ex = __shfl_up_sync(0xffffffffu, x, 1);
  bool fex = __shfl_up_sync(0xffffffffu, fx ? 1 : 0, 1) != 0;
  if (lane == 0) {
    ex = 0.0f;
    fex = false;
  }
  __syncthreads();

  if (warp == 0) {
    // The tile's aggregate: the warps' in order (lane w holds warp w's).
    float t = (lane < kWarps) ? warp_sums[lane] : 0.0f;
    bool ft = (lane < kWarps) ? warp_flags[lane] != 0 : false;
    for (int offset = 1; offset < kWarps; offset *= 2) {
      const float y = __shfl_up_sync(0xffffffffu, t, offset);
      const bool fy = __shfl_up_sync(0xffffffffu, ft ? 1 : 0, offset) != 0;
      if (lane >= offset) {
        if (!ft) t += y;
        ft = ft || fy;
      }
    }
    const float total = __shfl_sync(0xffffffffu, t, kWarps - 1);
    const bool flagged = __shfl_sync(0xffffffffu, ft ? 1 : 0, kWarps - 1) != 0;
    const unsigned int tag = (epoch << 3) | (flagged ? 4u : 0u);
    float carry = 0.0f;
    if (tile == 0) {
      if (lane == 0) publish(0, tag | 2u, total);
    } else {
      if (lane == 0) publish(tile, tag | 1u, total);
      carry = look_back(tile, epoch << 3, lane);
      if (lane == 0) publish(tile, tag | 2u, flagged ? total : carry + total);
    }
    if (lane == 0) carry_shared = carry;
  }
  __syncthreads();

  // Carry into this thread: the tile's carry, then the warps before this one, then the lanes before.
  float in = carry_shared;
  for (int w = 0; w < warp; ++w) in = warp_flags[w] ? warp_sums[w] : in + warp_sums[w];
  in = fex ? ex : in + ex;
  for (int k = 0; k < kItems; ++k) {
    if (f[k] != 0) in = 0.0f;
    const float next = in + v[k];
    v[k] = in;
    in = next;
  }
  for (int k = 0; k < kItems / 4; ++k)
    vbuf[swizzle(threadIdx.x * (kItems / 4) + k)] = make_float4(v[4 * k], v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]);
  __syncthreads();
  for (int j = 0; j < kVecs / kThreads; ++j) {
    const int q = threadIdx.x + j * kThreads;
    store4(output, base + 4 * q, N, vbuf[swizzle(q)]);
  }
}

extern "C" void solve(const float* values, const int* flags, float* output, int N) {
  static unsigned int epoch = 0;
  epoch = epoch % 0x1fffffffu + 1;  // 1 .. 2^29 - 1, so epoch << 3 keeps three bits free
  const int tiles = (N + kTile - 1) / kTile;
  segscan_best<<<tiles, kThreads>>>(values, flags, output, N, tiles, epoch);
}
