// Scan-then-propagate with Hillis-Steele blocks: 1,024 threads scan 1,024 (value, flag) pairs in
// shared memory, ten steps of "add the pair d places back unless a flag is in between", each
// between two barriers, and write the tile as if a segment started at its first element; one block
// turns the tile aggregates into carries and a fix-up adds each carry before the tile's first flag.
// Simple, but 10 barriers and N log N additions per tile.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;
constexpr int kTile = kThreads;  // one element per thread

static float* sums = nullptr;  // [t] aggregate of tile t, then its carry
static int* has_flag = nullptr;
static int* first_flag = nullptr;  // [t] index in tile t of its first flag, kTile if none
static int capacity = 0;

// Inclusive segmented scan of (x, fx) across the warp.
__device__ __forceinline__ void warp_scan(float& x, bool& fx, int lane) {
  for (int offset = 1; offset < 32; offset *= 2) {
    const float y = __shfl_up_sync(0xffffffffu, x, offset);
    const bool fy = __shfl_up_sync(0xffffffffu, fx ? 1 : 0, offset) != 0;
    if (lane >= offset) {
      if (!fx) x += y;
      fx = fx || fy;
    }
  }
}

// One block of 1,024 threads: the tile aggregates become the tiles' carries (exclusive scan).
__global__ void __launch_bounds__(1024) scan_aggregates(float* sums, const int* has_flag, int tiles) {
  __shared__ float warp_sums[32];
  __shared__ int warp_flags[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int per = (tiles + 1023) / 1024;
  const int begin = threadIdx.x * per;
  const int end = begin + per < tiles ? begin + per : tiles;
  float x = 0.0f;
  bool fx = false;
  for (int t = begin; t < end; ++t) {
    x = has_flag[t] ? sums[t] : x + sums[t];
    fx = fx || has_flag[t];
  }
  warp_scan(x, fx, lane);
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
  float in = 0.0f;
  for (int w = 0; w < warp; ++w) in = warp_flags[w] ? warp_sums[w] : in + warp_sums[w];
  in = fex ? ex : in + ex;
  for (int t = begin; t < end; ++t) {
    const float s = sums[t];
    const bool flagged = has_flag[t] != 0;
    sums[t] = in;
    in = flagged ? s : in + s;
  }
}

// Scans the tile with a carry of 0 (Hillis-Steele in shared memory), writes it, and records its
// aggregate and first flag.
__global__ void __launch_bounds__(kThreads) scan_tiles_local(const float* values, const int* flags, float* output, int N,
                                                             float* sums, int* has_flag, int* first_flag) {
  __shared__ float xs[2][kThreads];
  __shared__ int fs[2][kThreads];
  __shared__ int first_in_tile;
  const int t = threadIdx.x;
  const long long i = static_cast<long long>(blockIdx.x) * kTile + t;
  const float v = (i < N) ? values[i] : 0.0f;
  const int f = (i < N) ? flags[i] : 0;
  if (t == 0) first_in_tile = kTile;
  xs[0][t] = v;
  fs[0][t] = f;
  __syncthreads();
  if (f != 0) atomicMin(&first_in_tile, t);
  int cur = 0;
  for (int d = 1; d < kThreads; d *= 2) {  // inclusive segmented scan
    float x = xs[cur][t];
    int g = fs[cur][t];
    if (t >= d) {
      if (!g) x += xs[cur][t - d];
      g = g | fs[cur][t - d];
    }
    xs[1 - cur][t] = x;
    fs[1 - cur][t] = g;
    cur = 1 - cur;
    __syncthreads();
  }
  // Exclusive: 0 at a flag, else the inclusive sum of the element before (0 at the tile's start).
  const float out = (f != 0 || t == 0) ? 0.0f : xs[cur][t - 1];
  if (i < N) output[i] = out;
  if (t == kThreads - 1) {
    sums[blockIdx.x] = xs[cur][t];
    has_flag[blockIdx.x] = fs[cur][t];
    first_flag[blockIdx.x] = first_in_tile;
  }
}

// Adds each tile's carry to its elements before its first flag.
__global__ void propagate(float* output, int N, const float* carries, const int* first_flag) {
  const float carry = carries[blockIdx.x];
  if (carry == 0.0f) return;
  const long long base = static_cast<long long>(blockIdx.x) * kTile;
  const long long end = base + first_flag[blockIdx.x] < N ? base + first_flag[blockIdx.x] : N;
  for (long long i = base + threadIdx.x; i < end; i += blockDim.x) output[i] += carry;
}

extern "C" void solve(const float* values, const int* flags, float* output, int N) {
  const int tiles = (N + kTile - 1) / kTile;
  if (tiles > capacity) {
    cudaFree(sums);
    cudaFree(has_flag);
    cudaFree(first_flag);
    sums = nullptr;
    has_flag = first_flag = nullptr;
    capacity = 0;
    if (cudaMalloc(&sums, tiles * sizeof(float)) != cudaSuccess || cudaMalloc(&has_flag, tiles * sizeof(int)) != cudaSuccess ||
        cudaMalloc(&first_flag, tiles * sizeof(int)) != cudaSuccess)
      return;
    capacity = tiles;
  }
  scan_tiles_local<<<tiles, kThreads>>>(values, flags, output, N, sums, has_flag, first_flag);
  scan_aggregates<<<1, 1024>>>(sums, has_flag, tiles);
  propagate<<<tiles, 256>>>(output, N, sums, first_flag);
  cudaDeviceSynchronize();
}
