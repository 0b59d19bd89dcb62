// WRONG: radix-sorts the raw float bits as unsigned integers, without flipping negative values:
// every negative float has the sign bit set, so all negatives land after all positives, and among
// themselves in descending order (larger magnitude, larger bits). Example 1 gives
// [0, 2, 3.5, -1, -7.25].
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kItems = 8;                      // keys per thread
constexpr int kTile = kThreads * kItems;       // 2,048 keys per block
constexpr int kBits = 8;
constexpr int kDigits = 1 << kBits;
constexpr int kScanThreads = 1024;
constexpr int kScanChunk = 4 * kScanThreads;   // counts scanned per block

// Float bits -> unsigned keys in the same order (negative values flipped, positive ones offset).
__device__ __forceinline__ unsigned to_key(float f) {
  return __float_as_uint(f);
}
__device__ __forceinline__ float from_key(unsigned key) {
  return __uint_as_float(key);
}

__global__ void make_keys(const float* data, unsigned* keys, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) keys[i] = to_key(data[i]);
}

// Key j of warp w in a tile is element w * 256 + j * 32 + lane: lanes read consecutive keys, and
// the order (warp, j, lane) is the element order, which keeps the ranking stable.
__device__ __forceinline__ long long item_index(int tile, int j) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  return static_cast<long long>(tile) * kTile + warp * (kItems * 32) + j * 32 + lane;
}

// counts[d * tiles + tile] = how many keys of the tile have digit d.
__global__ void __launch_bounds__(kThreads) tile_counts(const unsigned* keys, int N, int shift, int* counts, int tiles) {
  __shared__ int c[kDigits];
  for (int d = threadIdx.x; d < kDigits; d += kThreads) c[d] = 0;
  __syncthreads();
  for (int j = 0; j < kItems; ++j) {
    const long long i = item_index(blockIdx.x, j);
    if (i < N) atomicAdd(&c[(keys[i] >> shift) & (kDigits - 1)], 1);
  }
  __syncthreads();
  for (int d = threadIdx.x; d < kDigits; d += kThreads) counts[static_cast<long long>(d) * tiles + blockIdx.x] = c[d];
}

// Exclusive scan of the 1,024 threads' values; returns this thread's offset, *total the sum.
__device__ int block_exclusive_scan(int value, int* total) {
  __shared__ int warp_sums[kScanThreads / 32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int inclusive = value;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, inclusive, offset);
    if (lane >= offset) inclusive += y;
  }
  if (lane == 31) warp_sums[warp] = inclusive;
  __syncthreads();
  if (warp == 0) {
    int w = warp_sums[lane];
    for (int offset = 1; offset < 32; offset <<= 1) {
      const int y = __shfl_up_sync(0xffffffffu, w, offset);
      if (lane >= offset) w += y;
    }
    warp_sums[lane] = w;  // inclusive sums of the warps
  }
  __syncthreads();
  *total = warp_sums[kScanThreads / 32 - 1];
  return inclusive - value + (warp > 0 ? warp_sums[warp - 1] : 0);
}

__global__ void __launch_bounds__(kScanThreads) scan_reduce(const int* data, long long n, int* sums) {
  const long long i = blockIdx.x * static_cast<long long>(kScanChunk) + 4 * threadIdx.x;
  int s = 0;
  for (int u = 0; u < 4; ++u) s += (i + u < n) ? data[i + u] : 0;
  int total;
  block_exclusive_scan(s, &total);
  if (threadIdx.x == 0) sums[blockIdx.x] = total;
}

// One block: exclusive scan of the chunk sums (at most 4,096 of them), in place.
__global__ void __launch_bounds__(kScanThreads) scan_sums(int* sums, int n) {
  int v[4], s = 0;
  for (int u = 0; u < 4; ++u) {
    const int i = 4 * threadIdx.x + u;
    v[u] = (i < n) ? sums[i] : 0;
    s += v[u];
  }
  int total;
  int run = block_exclusive_scan(s, &total);
  for (int u = 0; u < 4; ++u) {
    const int i = 4 * threadIdx.x + u;
    if (i < n) sums[i] = run;
    run += v[u];
  }
}

__global__ void __launch_bounds__(kScanThreads) scan_apply(int* data, long long n, const int* sums) {
  const long long i = blockIdx.x * static_cast<long long>(kScanChunk) + 4 * threadIdx.x;
  int v[4], s = 0;
  for (int u = 0; u < 4; ++u) {
    v[u] = (i + u < n) ? data[i + u] : 0;
    s += v[u];
  }
  int total;
  int run = block_exclusive_scan(s, &total) + sums[blockIdx.x];
  for (int u = 0; u < 4; ++u) {
    if (i + u < n) data[i + u] = run;
    run += v[u];
  }
}

// Stable scatter of one tile by the digit at `shift`; offsets[d * tiles + tile] is where the
// tile's keys with digit d start.
__global__ void __launch_bounds__(kThreads) scatter(const unsigned* src, unsigned* dst, int N, int shift, const int* offsets,
                                                    int tiles) {
  __shared__ int warp_count[kWarps][kDigits];  // per warp and digit: keys so far, then the warp's offset
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int i = threadIdx.x; i < kWarps * kDigits; i += kThreads) (&warp_count[0][0])[i] = 0;
  __syncthreads();
  unsigned key[kItems];
  int digit[kItems], rank[kItems];
  for (int j = 0; j < kItems; ++j) {
    const long long i = item_index(blockIdx.x, j);
    key[j] = (i < N) ? src[i] : 0u;
    digit[j] = (i < N) ? static_cast<int>((key[j] >> shift) & (kDigits - 1)) : kDigits;  // kDigits: no key
  }
  const unsigned lower_lanes = (1u << lane) - 1;
  for (int j = 0; j < kItems; ++j) {
    const int d = digit[j];
    const unsigned peers = __match_any_sync(0xffffffffu, d);
    const int before = (d < kDigits) ? warp_count[warp][d] : 0;
    __syncwarp();
    if (d < kDigits && lane == __ffs(peers) - 1) warp_count[warp][d] = before + __popc(peers);
    __syncwarp();
    rank[j] = before + __popc(peers & lower_lanes);
  }
  __syncthreads();
  for (int d = threadIdx.x; d < kDigits; d += kThreads) {  // the keys with digit d in the warps before each warp
    int run = 0;
    for (int w = 0; w < kWarps; ++w) {
      const int c = warp_count[w][d];
      warp_count[w][d] = run;
      run += c;
    }
  }
  __syncthreads();
  for (int j = 0; j < kItems; ++j) {
    const int d = digit[j];
    if (d < kDigits) dst[offsets[static_cast<long long>(d) * tiles + blockIdx.x] + warp_count[warp][d] + rank[j]] = key[j];
  }
}

__global__ void write_values(const unsigned* keys, float* data, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) data[i] = from_key(keys[i]);
}

static unsigned* keys_a = nullptr;
static unsigned* keys_b = nullptr;
static int* counts = nullptr;
static int* sums = nullptr;

extern "C" void solve(float* data, int N) {
  const int tiles = (N + kTile - 1) / kTile;
  const long long entries = static_cast<long long>(tiles) * kDigits;
  const int chunks = static_cast<int>((entries + kScanChunk - 1) / kScanChunk);
  if (keys_a == nullptr) {  // room for the largest N = 1,000,000, once
    const int max_tiles = (1000000 + kTile - 1) / kTile;
    cudaMalloc(&keys_a, 1000000 * sizeof(unsigned));
    cudaMalloc(&keys_b, 1000000 * sizeof(unsigned));
    cudaMalloc(&counts, static_cast<size_t>(max_tiles) * kDigits * sizeof(int));
    cudaMalloc(&sums, kScanChunk * sizeof(int));
  }
  make_keys<<<(N + 255) / 256, 256>>>(data, keys_a, N);
  unsigned* src = keys_a;
  unsigned* dst = keys_b;
  for (int shift = 0; shift < 32; shift += kBits) {
    tile_counts<<<tiles, kThreads>>>(src, N, shift, counts, tiles);
    scan_reduce<<<chunks, kScanThreads>>>(counts, entries, sums);
    scan_sums<<<1, kScanThreads>>>(sums, chunks);
    scan_apply<<<chunks, kScanThreads>>>(counts, entries, sums);
    scatter<<<tiles, kThreads>>>(src, dst, N, shift, counts, tiles);
    unsigned* t = src;
    src = dst;
    dst = t;
  }
  write_values<<<(N + 255) / 256, 256>>>(src, data, N);  // an even number of passes: src is keys_a
}
