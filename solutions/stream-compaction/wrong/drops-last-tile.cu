// Wrong: the grid rounds down (N / 2,048 tiles, at least one), so the last partial tile is never
// counted or compacted: all-kept-4099 leaves out[4096..4098] at the zeros out starts with instead
// of the kept values.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kItems = 8;  // consecutive elements per thread
constexpr int kTile = kThreads * kItems;

static int* offsets = nullptr;  // [t] offset of tile t, [tiles] the total
static int offsets_capacity = 0;

__device__ __forceinline__ float4 load4(const float* p, long long i, int n) {
  if (i + 3 < n) return *reinterpret_cast<const float4*>(p + i);
  float4 v;
  v.x = (i < n) ? p[i] : 0.0f;
  v.y = (i + 1 < n) ? p[i + 1] : 0.0f;
  v.z = (i + 2 < n) ? p[i + 2] : 0.0f;
  v.w = (i + 3 < n) ? p[i + 3] : 0.0f;
  return v;
}

// This thread's 8 elements and how many of them are kept.
__device__ __forceinline__ int load_items(const float* A, int N, long long first, float* v) {
  const float4 a = load4(A, first, N);
  const float4 b = load4(A, first + 4, N);
  v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w, v[4] = b.x, v[5] = b.y, v[6] = b.z, v[7] = b.w;
  int kept = 0;
  for (int k = 0; k < kItems; ++k) kept += (first + k < N && v[k] > 0.0f);
  return kept;
}

__global__ void __launch_bounds__(kThreads) tile_counts(const float* A, int N, int* offsets) {
  __shared__ int warp_totals[kWarps];
  float v[kItems];
  int kept = load_items(A, N, static_cast<long long>(blockIdx.x) * kTile + kItems * threadIdx.x, v);
  for (int offset = 16; offset > 0; offset /= 2) kept += __shfl_xor_sync(0xffffffffu, kept, offset);
  if (threadIdx.x % 32 == 0) warp_totals[threadIdx.x / 32] = kept;
  __syncthreads();
  if (threadIdx.x == 0) {
    int total = 0;
    for (int w = 0; w < kWarps; ++w) total += warp_totals[w];
    offsets[blockIdx.x] = total;
  }
}

// One block of 1,024 threads: exclusive scan of the tile counts in place, the total after them.
__global__ void __launch_bounds__(1024) scan_counts(int* offsets, int tiles) {
  __shared__ int warp_sums[32];
  const int per = (tiles + 1023) / 1024;
  const int begin = threadIdx.x * per;
  const int end = begin + per < tiles ? begin + per : tiles;
  int sum = 0;
  for (int t = begin; t < end; ++t) sum += offsets[t];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int x = sum;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  if (lane == 31) warp_sums[warp] = x;
  __syncthreads();
  int run = x - sum;
  for (int w = 0; w < warp; ++w) run += warp_sums[w];
  for (int t = begin; t < end; ++t) {
    const int c = offsets[t];
    offsets[t] = run;
    run += c;
  }
  if (threadIdx.x == 1023) offsets[tiles] = run;  // the last thread's run ends at the total
}

__global__ void __launch_bounds__(kThreads) compact(const float* A, int N, float* out, const int* offsets, int tiles) {
  __shared__ int warp_totals[kWarps];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const long long first = static_cast<long long>(blockIdx.x) * kTile + kItems * threadIdx.x;
  float v[kItems];
  const int mine = load_items(A, N, first, v);
  int x = mine;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  if (lane == 31) warp_totals[warp] = x;
  __syncthreads();
  int at = offsets[blockIdx.x] + x - mine;
  for (int w = 0; w < warp; ++w) at += warp_totals[w];
  const long long total = offsets[tiles];
  for (int k = 0; k < kItems; ++k) {
    const long long i = first + k;
    if (i >= N) break;
    if (v[k] > 0.0f) out[at++] = v[k];
    if (i >= total) out[i] = 0.0f;  // the zeros after the kept values, by index
  }
}

extern "C" void solve(const float* A, int N, float* out) {
  const int tiles = N / kTile > 0 ? N / kTile : 1;  // the bug: rounds down
  if (tiles + 1 > offsets_capacity) {
    cudaFree(offsets);
    offsets = nullptr;
    offsets_capacity = 0;
    if (cudaMalloc(&offsets, (tiles + 1) * sizeof(int)) != cudaSuccess) return;
    offsets_capacity = tiles + 1;
  }
  tile_counts<<<tiles, kThreads>>>(A, N, offsets);
  scan_counts<<<1, 1024>>>(offsets, tiles);
  compact<<<tiles, kThreads>>>(A, N, out, offsets, tiles);
  cudaDeviceSynchronize();
}
