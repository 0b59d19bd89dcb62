// Best: one pass with decoupled look-back and every store coalesced. A block takes a 4,096-element
// tile (float4 loads staged through swizzled shared memory, 16 consecutive elements per thread),
// counts its positives, and a warp looks back over the earlier tiles' published counts for the
// tile's output offset. The kept values are packed in shared memory and stored as one contiguous
// run; the tile's dropped elements become a contiguous run of zeros counted from the end of out
// (tile t's zeros sit just below those of tiles 0..t-1), so the zeros need no second pass and no
// memset. Flags carry the call's number (an epoch) and the last tile resets the tile counter.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kItems = 16;                // consecutive elements per thread
constexpr int kTile = kThreads * kItems;  // 4,096
constexpr int kVecs = kTile / 4;          // float4s per tile
constexpr int kMaxTiles = (100000000 + kTile - 1) / kTile;  // N <= 10^8

// Flag word of a tile: high 32 bits (epoch << 2) | status, status 1 = the tile's count, 2 = the
// inclusive count of tiles 0..t; low 32 bits the count. Zero at load; epochs start at 1.
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

__device__ __forceinline__ int warp_sum(int x) {
  for (int offset = 16; offset > 0; offset /= 2) x += __shfl_xor_sync(0xffffffffu, x, offset);
  return x;
}

__device__ __forceinline__ void publish(int tile, unsigned int tag, int value) {
  *reinterpret_cast<volatile unsigned long long*>(&g_flags[tile]) =
      (static_cast<unsigned long long>(tag) << 32) | static_cast<unsigned int>(value);
}

// The number of kept elements before `tile` (> 0), found by warp 0 looking back 32 tiles at a time.
__device__ int look_back(int tile, unsigned int epoch_tag, int lane) {
  int before = 0;
  for (int top = tile - 1;; top -= 32) {
    const int p = top - lane;  // lane 0 looks at the nearest earlier tile
    unsigned int status;
    int value;
    do {
      if (p >= 0) {
        const unsigned long long word = *reinterpret_cast<const volatile unsigned long long*>(&g_flags[p]);
        const unsigned int high = static_cast<unsigned int>(word >> 32);
        status = ((high & ~3u) == epoch_tag) ? (high & 3u) : 0u;
        value = static_cast<int>(static_cast<unsigned int>(word));
      } else {
        status = 2;  // before tile 0: an inclusive count of zero
        value = 0;
      }
    } while (__any_sync(0xffffffffu, status == 0));
    const unsigned int prefixes = __ballot_sync(0xffffffffu, status == 2);
    if (prefixes != 0) {
      const int nearest = __ffs(prefixes) - 1;  // counts of the lanes before it, then its prefix
      return before + warp_sum(lane <= nearest ? value : 0);
    }
    before += warp_sum(value);  // 32 tile counts, none a prefix: look further back
  }
}

__global__ void __launch_bounds__(kThreads) compact_best(const float* __restrict__ A, int N, float* __restrict__ out, int tiles,
                                                         unsigned int epoch) {
  __shared__ float4 buf[kVecs];  // the tile, then the packed kept values
  __shared__ int warp_totals[kWarps];
  __shared__ int tile_shared;
  __shared__ int before_shared;
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
  const int length = (N - base < kTile) ? N - base : kTile;

  for (int j = 0; j < kVecs / kThreads; ++j) {
    const int q = threadIdx.x + j * kThreads;
    buf[swizzle(q)] = load4(A, base + 4 * q, N);
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
  const int first = threadIdx.x * kItems;  // this thread's first element within the tile
  int mine = 0;
  for (int k = 0; k < kItems; ++k) mine += (first + k < length && v[k] > 0.0f);
  int x = mine;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  if (lane == 31) warp_totals[warp] = x;
  __syncthreads();  // also: every thread has read buf, which is reused below

  if (warp == 0) {
    const int total = warp_sum(lane < kWarps ? warp_totals[lane] : 0);
    const unsigned int tag = epoch << 2;
    int before = 0;
    if (tile == 0) {
      if (lane == 0) publish(0, tag | 2u, total);
    } else {
      if (lane == 0) publish(tile, tag | 1u, total);
      before = look_back(tile, tag, lane);
      if (lane == 0) publish(tile, tag | 2u, before + total);
    }
    if (lane == 0) before_shared = before;
  }
  int rank = x - mine;  // kept elements of this tile before this thread's first
  for (int w = 0; w < warp; ++w) rank += warp_totals[w];
  float* packed = reinterpret_cast<float*>(buf);
  for (int k = 0; k < kItems; ++k)
    if (first + k < length && v[k] > 0.0f) packed[rank++] = v[k];
  __syncthreads();

  int kept = 0;
  for (int w = 0; w < kWarps; ++w) kept += warp_totals[w];
  const int before = before_shared;
  for (int j = threadIdx.x; j < kept; j += kThreads) out[before + j] = packed[j];
  // Zeros from the end: the tiles before this one dropped base - before elements, whose zeros
  // fill out[N - (base - before), N); this tile's go just below them.
  const int dropped = length - kept;
  const int zeros_end = N - (base - before);
  for (int j = threadIdx.x; j < dropped; j += kThreads) out[zeros_end - dropped + j] = 0.0f;
}

extern "C" void solve(const float* A, int N, float* out) {
  static unsigned int epoch = 0;
  epoch = epoch % 0x3fffffffu + 1;  // 1 .. 2^30 - 1, so epoch << 2 keeps two status bits free
  const int tiles = (N + kTile - 1) / kTile;
  compact_best<<<tiles, kThreads>>>(A, N, out, tiles, epoch);
}
