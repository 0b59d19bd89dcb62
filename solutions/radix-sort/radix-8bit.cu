// LSD radix sort, a byte per pass: as radix-4bit (per-tile digit counts, a three-kernel scan of
// them, a stable warp-ranked scatter), with 256 digits, so four passes instead of eight. The
// passes ping-pong between a scratch buffer and output, so the fourth lands in output.
//
// Half radix-4bit's traffic: each pass reads the keys twice and writes them once, 20 launches.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kItems = 8;                 // keys per thread
constexpr int kTile = kThreads * kItems;  // 2,048 keys per block
constexpr int kBits = 8;
constexpr int kDigits = 1 << kBits;
constexpr int kScanThreads = 1024;
constexpr int kScanChunk = 4 * kScanThreads;  // counts scanned per block

// Key j of warp w in a tile is element w * 256 + j * 32 + lane: lanes read consecutive keys, and
// the order (warp, j, lane) is the element order, which keeps the ranking stable.
__device__ __forceinline__ long long item_index(int tile, int j) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  return static_cast<long long>(tile) * kTile + warp * (kItems * 32) + j * 32 + lane;
}

// counts[d * tiles + tile] = how many keys of the tile have digit d.
__global__ void __launch_bounds__(kThreads)
    tile_counts(const unsigned* keys, int N, int shift, int* counts, int tiles) {
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
__global__ void __launch_bounds__(kThreads)
    scatter(const unsigned* src, unsigned* dst, int N, int shift, const int* offsets, int tiles) {
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
    if (d < kDigits)
      dst[offsets[static_cast<long long>(d) * tiles + blockIdx.x] + warp_count[warp][d] + rank[j]] = key[j];
  }
}

static unsigned* scratch = nullptr;
static int* counts = nullptr;
static int* sums = nullptr;
static int capacity = 0;

extern "C" void solve(const unsigned int* input, unsigned int* output, int N) {
  const int tiles = (N + kTile - 1) / kTile;
  const long long entries = static_cast<long long>(tiles) * kDigits;
  const int chunks = static_cast<int>((entries + kScanChunk - 1) / kScanChunk);  // at most 3,052
  if (N > capacity) {                                                            // grown once to the largest N seen
    cudaFree(scratch);
    cudaFree(counts);
    cudaFree(sums);
    cudaMalloc(&scratch, static_cast<size_t>(N) * sizeof(unsigned));
    cudaMalloc(&counts, static_cast<size_t>(entries) * sizeof(int));
    cudaMalloc(&sums, kScanChunk * sizeof(int));
    capacity = N;
  }
  const unsigned* src = input;
  for (int shift = 0, pass = 0; shift < 32; shift += kBits, ++pass) {
    unsigned* dst = pass % 2 == 0 ? scratch : output;  // input -> scratch -> output -> ... -> output
    tile_counts<<<tiles, kThreads>>>(src, N, shift, counts, tiles);
    scan_reduce<<<chunks, kScanThreads>>>(counts, entries, sums);
    scan_sums<<<1, kScanThreads>>>(sums, chunks);
    scan_apply<<<chunks, kScanThreads>>>(counts, entries, sums);
    scatter<<<tiles, kThreads>>>(src, dst, N, shift, counts, tiles);
    src = dst;
  }
}
