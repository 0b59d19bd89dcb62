// The textbook radix sort: LSD, one bit per pass, 32 passes of a stable split. Each pass
// (1) counts the zero bits of every tile of 1,024 keys (a ballot and a popcount per warp),
// (2) scans those counts in one block, giving every tile's first zero and first one, and
// (3) writes each key to its place: a zero after the zeros of earlier tiles and earlier lanes, a
// one after all zeros and the ones before it. The passes ping-pong between a scratch buffer and
// output (an even number of passes, so the last lands in output).
//
// Linear work, but 32 passes that each read the keys twice and write them once: 96 launches.
#include <cuda_runtime.h>

#define THREADS 1024
#define WARPS (THREADS / 32)
#define SCAN_ITEMS 96  // tile counts per thread in the one-block scan: 98,304 tiles cover N = 100,000,000

// zeros[t] = keys of tile t whose bit `bit` is 0.
__global__ void __launch_bounds__(THREADS) count_zeros(const unsigned* src, int N, int bit, int* zeros) {
  __shared__ int warp_zeros[WARPS];
  const int i = blockIdx.x * THREADS + threadIdx.x;
  const bool zero = i < N && ((src[i] >> bit) & 1u) == 0;
  const unsigned b = __ballot_sync(0xffffffffu, zero);
  if (threadIdx.x % 32 == 0) warp_zeros[threadIdx.x / 32] = __popc(b);
  __syncthreads();
  if (threadIdx.x < 32) {
    int z = warp_zeros[threadIdx.x];
    for (int off = 16; off > 0; off /= 2) z += __shfl_down_sync(0xffffffffu, z, off);
    if (threadIdx.x == 0) zeros[blockIdx.x] = z;
  }
}

// One block: zeros[t] becomes the zeros in tiles before t; zeros[tiles] the total.
__global__ void __launch_bounds__(THREADS) scan_zeros(int* zeros, int tiles) {
  __shared__ int warp_sums[WARPS];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int first = threadIdx.x * SCAN_ITEMS;
  int s = 0;
  for (int u = 0; u < SCAN_ITEMS; ++u) s += first + u < tiles ? zeros[first + u] : 0;
  int x = s;
  for (int off = 1; off < 32; off *= 2) {
    const int y = __shfl_up_sync(0xffffffffu, x, off);
    if (lane >= off) x += y;
  }
  if (lane == 31) warp_sums[warp] = x;
  __syncthreads();
  int run = x - s;
  for (int w = 0; w < warp; ++w) run += warp_sums[w];
  for (int u = 0; u < SCAN_ITEMS && first + u < tiles; ++u) {  // a thread rewrites only its own counts
    const int v = zeros[first + u];
    zeros[first + u] = run;
    run += v;
  }
  if (threadIdx.x == THREADS - 1) zeros[tiles] = run;
}

__global__ void __launch_bounds__(THREADS) split(const unsigned* src, unsigned* dst, int N, int bit, const int* zeros) {
  __shared__ int warp_zeros[WARPS];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int i = blockIdx.x * THREADS + threadIdx.x;
  const unsigned key = i < N ? src[i] : 0u;
  const bool zero = i < N && ((key >> bit) & 1u) == 0;
  const unsigned b = __ballot_sync(0xffffffffu, zero);
  if (lane == 0) warp_zeros[warp] = __popc(b);
  __syncthreads();
  int zeros_before = __popc(b & ((1u << lane) - 1));  // zeros before this key in the tile
  for (int w = 0; w < warp; ++w) zeros_before += warp_zeros[w];
  if (i >= N) return;
  const int tile_zeros = zeros[blockIdx.x];
  const int at = zero ? tile_zeros + zeros_before
                      : zeros[gridDim.x] + (blockIdx.x * THREADS - tile_zeros) + (threadIdx.x - zeros_before);
  dst[at] = key;
}

static unsigned* scratch = nullptr;
static int* zeros = nullptr;
static int capacity = 0;

extern "C" void solve(const unsigned int* input, unsigned int* output, int N) {
  const int tiles = (N + THREADS - 1) / THREADS;
  if (N > capacity) {  // grown once to the largest N seen
    cudaFree(scratch);
    cudaFree(zeros);
    cudaMalloc(&scratch, (size_t)N * sizeof(unsigned));
    cudaMalloc(&zeros, ((size_t)tiles + 1) * sizeof(int));
    capacity = N;
  }
  const unsigned* src = input;
  for (int bit = 0; bit < 32; ++bit) {
    unsigned* dst = bit % 2 == 0 ? scratch : output;  // input -> scratch -> output -> ... -> output
    count_zeros<<<tiles, THREADS>>>(src, N, bit, zeros);
    scan_zeros<<<1, THREADS>>>(zeros, tiles);
    split<<<tiles, THREADS>>>(src, dst, N, bit, zeros);
    src = dst;
  }
}
