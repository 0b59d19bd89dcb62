// Counts, then a serial scan: one kernel counts the positives of each 1,024-element tile (a float4
// per thread), a single GPU thread adds up the 48,829 tile counts one after another to get every
// tile's offset, and a third kernel writes each tile's kept values (and the zeros in its index range
// past the total). The middle step is one thread walking a long list: the rest of the GPU waits.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kItems = 4;  // consecutive elements per thread
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

// This thread's 4 elements and how many of them are kept.
__device__ __forceinline__ int load_items(const float* A, int N, long long first, float* v) {
  const float4 a = load4(A, first, N);
  v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w;
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

// One thread: exclusive scan of the tile counts in place, the total after them.
__global__ void scan_counts(int* offsets, int tiles) {
  int run = 0;
  for (int t = 0; t < tiles; ++t) {
    const int c = offsets[t];
    offsets[t] = run;
    run += c;
  }
  offsets[tiles] = run;
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
  const int tiles = (N + kTile - 1) / kTile;
  if (tiles + 1 > offsets_capacity) {
    cudaFree(offsets);
    offsets = nullptr;
    offsets_capacity = 0;
    if (cudaMalloc(&offsets, (tiles + 1) * sizeof(int)) != cudaSuccess) return;
    offsets_capacity = tiles + 1;
  }
  tile_counts<<<tiles, kThreads>>>(A, N, offsets);
  scan_counts<<<1, 1>>>(offsets, tiles);
  compact<<<tiles, kThreads>>>(A, N, out, offsets, tiles);
  cudaDeviceSynchronize();
}
