// Serial carries: three kernels. Blocks scan their 4,096-element tiles into output and record
// each tile's total; a single thread then walks the totals to compute every tile's carry; a last
// kernel adds each carry to its tile.
//
// The two big kernels are parallel and stream well (output is written, then read and written
// again), but the middle kernel is one thread adding the tile totals in order, each a trip to L2 (6,104 of them at N = 25,000,000,
// 62 at the official 250,000): at large N expected to take longer than both big passes together.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;
constexpr int kItems = 4;
constexpr int kTile = kThreads * kItems;

static float* scratch = nullptr;  // tile totals, then tile carries
static size_t scratch_capacity = 0;

__global__ void scan_tiles(const float* input, float* output, float* totals, int N) {
  __shared__ float warp_totals[kThreads / 32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int first = blockIdx.x * kTile + threadIdx.x * kItems;
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
  const float before = (warp > 0 ? warp_totals[warp - 1] : 0.0f) + (x - run);
  for (int k = 0; k < kItems; ++k)
    if (first + k < N) output[first + k] = before + v[k];
  if (threadIdx.x == 0) totals[blockIdx.x] = warp_totals[kThreads / 32 - 1];
}

// One thread: totals[t] becomes the sum of the totals of tiles 0 .. t-1.
__global__ void serial_carries(float* totals, int tiles) {
  float running = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const float total = totals[t];
    totals[t] = running;
    running += total;
  }
}

__global__ void add_carries(float* output, const float* carries, int N) {
  const float carry = carries[blockIdx.x + 1];  // tile 0 has no carry and is not launched
  const int first = (blockIdx.x + 1) * kTile + threadIdx.x * kItems;
  for (int k = 0; k < kItems; ++k)
    if (first + k < N) output[first + k] += carry;
}

extern "C" void solve(const float* input, float* output, int N) {
  const int tiles = (N + kTile - 1) / kTile;
  if (static_cast<size_t>(tiles) > scratch_capacity) {
    cudaFree(scratch);
    scratch = nullptr;
    scratch_capacity = 0;
    if (cudaMalloc(&scratch, tiles * sizeof(float)) != cudaSuccess) return;
    scratch_capacity = tiles;
  }
  scan_tiles<<<tiles, kThreads>>>(input, output, scratch, N);
  if (tiles > 1) {
    serial_carries<<<1, 1>>>(scratch, tiles);
    add_carries<<<tiles - 1, kThreads>>>(output, scratch, N);
  }
  cudaDeviceSynchronize();
}
