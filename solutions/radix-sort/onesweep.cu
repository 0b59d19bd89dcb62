// Onesweep: LSD radix sort, a byte per pass, with one histogram kernel and one kernel per pass.
// The histogram kernel reads the keys once and counts all four passes' digits, so every pass knows
// its buckets' starts. Each pass then needs no count and scan kernels: a block takes the next tile
// of 2,048 keys from a ticket counter, ranks them stably within the tile (per warp with
// __match_any_sync, then across warps), publishes its per-digit counts, and walks back over
// earlier tiles (decoupled look-back) until one has published an inclusive prefix for the digit;
// then every key is written to its place. Each pass reads the keys once and writes them once
// (radix-8bit-staged reads them twice), and the first pass reads input directly.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define ITEMS 8
#define TILE (THREADS * ITEMS)  // 2,048 keys
#define DIGITS 256
#define PASSES 4
#define FLAG_AGGREGATE 0x40000000u  // the tile's own count is published
#define FLAG_PREFIX 0x80000000u     // the count of this digit in all tiles up to this one
#define COUNT_MASK 0x3fffffffu

// hist[p * DIGITS + d]: how many keys have digit d in pass p (hist starts zeroed).
__global__ void __launch_bounds__(THREADS) radix_histogram(const unsigned* keys, int N, unsigned* hist) {
  __shared__ unsigned h[PASSES][DIGITS];
  for (int i = threadIdx.x; i < PASSES * DIGITS; i += THREADS) (&h[0][0])[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += gridDim.x * THREADS) {
    const unsigned key = keys[i];
#pragma unroll
    for (int p = 0; p < PASSES; ++p) atomicAdd(&h[p][(key >> (8 * p)) & 0xff], 1u);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < PASSES * DIGITS; i += THREADS)
    if ((&h[0][0])[i]) atomicAdd(&hist[i], (&h[0][0])[i]);
}

// Exclusive scan over the block of one value per thread (THREADS = DIGITS values).
__device__ unsigned block_exclusive_scan(unsigned v, unsigned* warp_sums) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  unsigned x = v;
#pragma unroll
  for (int off = 1; off < 32; off *= 2) {
    const unsigned y = __shfl_up_sync(0xffffffffu, x, off);
    if (lane >= off) x += y;
  }
  if (lane == 31) warp_sums[warp] = x;
  __syncthreads();
  unsigned before = 0;
  for (int w = 0; w < warp; ++w) before += warp_sums[w];
  return before + x - v;
}

// One stable pass over the digit at bit `shift`: keys from src to dst.
__global__ void __launch_bounds__(THREADS) onesweep_pass(const unsigned* src, unsigned* dst, int N, int shift,
                                                         const unsigned* hist, unsigned* status, unsigned* ticket) {
  __shared__ int tile_shared;
  __shared__ unsigned warp_count[WARPS][DIGITS];  // per warp and digit: keys so far, then the warp's offset
  __shared__ unsigned digit_global[DIGITS];       // output index of the tile's first key of digit d
  __shared__ unsigned warp_sums[WARPS];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (threadIdx.x == 0) tile_shared = (int)atomicAdd(ticket, 1u);  // tiles in the order blocks start
  for (int i = threadIdx.x; i < WARPS * DIGITS; i += THREADS) (&warp_count[0][0])[i] = 0;
  __syncthreads();
  const int tile = tile_shared;

  // Key j of warp w is element tile * TILE + w * 32 * ITEMS + j * 32 + lane: the order (warp, j,
  // lane) is the element order, which keeps the ranking stable.
  unsigned key[ITEMS];
  int digit[ITEMS], rank[ITEMS];
  const int first = tile * TILE + warp * 32 * ITEMS + lane;
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int i = first + j * 32;
    if (i < N) key[j] = src[i];
    digit[j] = i < N ? (int)((key[j] >> shift) & 0xff) : DIGITS;  // DIGITS: no key
  }
  const unsigned lower_lanes = (1u << lane) - 1;
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int d = digit[j];
    const unsigned peers = __match_any_sync(0xffffffffu, d);
    const unsigned before = d < DIGITS ? warp_count[warp][d] : 0;
    __syncwarp();
    if (d < DIGITS && lane == __ffs(peers) - 1) warp_count[warp][d] = before + __popc(peers);
    __syncwarp();
    rank[j] = (int)(before + __popc(peers & lower_lanes));
  }
  __syncthreads();

  // Thread d: the tile's count of digit d, each warp's offset among them, and the look-back.
  const int d = threadIdx.x;
  unsigned count = 0;
  for (int w = 0; w < WARPS; ++w) {
    const unsigned c = warp_count[w][d];
    warp_count[w][d] = count;
    count += c;
  }
  volatile unsigned* st = status;
  unsigned before = 0;  // keys of digit d in the tiles before this one
  if (tile == 0) {
    st[d] = FLAG_PREFIX | count;
  } else {
    st[tile * DIGITS + d] = FLAG_AGGREGATE | count;
    for (int p = tile - 1; p >= 0; --p) {
      unsigned s;
      while (((s = st[p * DIGITS + d]) & (FLAG_AGGREGATE | FLAG_PREFIX)) == 0) {
      }
      before += s & COUNT_MASK;
      if (s & FLAG_PREFIX) break;
    }
    st[tile * DIGITS + d] = FLAG_PREFIX | (before + count);
  }
  // The bucket start of digit d (the keys with smaller digits in the whole input) plus the
  // keys of digit d in earlier tiles.
  digit_global[d] = block_exclusive_scan(hist[(shift / 8) * DIGITS + d], warp_sums) + before;
  __syncthreads();

  // Each key goes straight to its place: consecutive lanes write to different buckets.
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    const int kd = digit[j];
    if (kd == DIGITS) continue;
    const unsigned at = digit_global[kd] + warp_count[warp][kd] + rank[j];
    dst[at] = key[j];
  }
}

static unsigned* scratch = nullptr;  // keys between passes
static unsigned* meta = nullptr;     // histogram, per-pass tickets and tile statuses
static int capacity = 0;

extern "C" void solve(const unsigned int* input, unsigned int* output, int N) {
  const int tiles = (N + TILE - 1) / TILE;
  const size_t meta_words = PASSES * DIGITS + PASSES + (size_t)PASSES * tiles * DIGITS;
  if (N > capacity) {  // grown once to the largest N seen
    cudaFree(scratch);
    cudaFree(meta);
    cudaMalloc(&scratch, (size_t)N * sizeof(unsigned));
    cudaMalloc(&meta, meta_words * sizeof(unsigned));
    capacity = N;
  }
  unsigned* hist = meta;
  unsigned* tickets = meta + PASSES * DIGITS;
  unsigned* status = tickets + PASSES;
  cudaMemsetAsync(meta, 0, meta_words * sizeof(unsigned));
  int hist_blocks = (N + THREADS * 16 - 1) / (THREADS * 16);
  if (hist_blocks > 264) hist_blocks = 264;
  radix_histogram<<<hist_blocks, THREADS>>>(input, N, hist);
  // input -> scratch -> output -> scratch -> output
  onesweep_pass<<<tiles, THREADS>>>(input, scratch, N, 0, hist, status, tickets);
  onesweep_pass<<<tiles, THREADS>>>(scratch, output, N, 8, hist, status + (size_t)tiles * DIGITS, tickets + 1);
  onesweep_pass<<<tiles, THREADS>>>(output, scratch, N, 16, hist, status + (size_t)2 * tiles * DIGITS, tickets + 2);
  onesweep_pass<<<tiles, THREADS>>>(scratch, output, N, 24, hist, status + (size_t)3 * tiles * DIGITS, tickets + 3);
}
