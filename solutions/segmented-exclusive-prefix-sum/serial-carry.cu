// Serial carries: 1,024-element tiles (a float4 and an int4 per thread) are reduced to their
// aggregates in parallel, then a single GPU thread walks the 48,829 aggregates in order to give
// every tile its carry, then every tile is scanned with its carry. The middle step is one thread
// walking a long list while the rest of the GPU waits.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kItems = 4;  // consecutive elements per thread
constexpr int kTile = kThreads * kItems;

static float* sums = nullptr;  // [t] aggregate of tile t, then its carry
static int* has_flag = nullptr;
static int capacity = 0;

__device__ __forceinline__ float4 load4(const float* p, long long i, int n) {
  if (i + 3 < n) return *reinterpret_cast<const float4*>(p + i);
  float4 v;
  v.x = (i < n) ? p[i] : 0.0f;
  v.y = (i + 1 < n) ? p[i + 1] : 0.0f;
  v.z = (i + 2 < n) ? p[i + 2] : 0.0f;
  v.w = (i + 3 < n) ? p[i + 3] : 0.0f;
  return v;
}

__device__ __forceinline__ int4 load4(const int* p, long long i, int n) {
  if (i + 3 < n) return *reinterpret_cast<const int4*>(p + i);
  int4 v;
  v.x = (i < n) ? p[i] : 0;
  v.y = (i + 1 < n) ? p[i + 1] : 0;
  v.z = (i + 2 < n) ? p[i + 2] : 0;
  v.w = (i + 3 < n) ? p[i + 3] : 0;
  return v;
}

__device__ __forceinline__ void store4(float* p, long long i, int n, float4 v) {
  if (i + 3 < n) {
    *reinterpret_cast<float4*>(p + i) = v;
    return;
  }
  if (i < n) p[i] = v.x;
  if (i + 1 < n) p[i + 1] = v.y;
  if (i + 2 < n) p[i + 2] = v.z;
}

// This thread's 4 elements (elements past N read as value 0, no flag); returns its aggregate.
__device__ __forceinline__ float load_items(const float* values, const int* flags, int N, long long first, float* v, int* f,
                                            bool* has) {
  const float4 a0 = load4(values, first, N);
  const int4 b0 = load4(flags, first, N);
  v[0] = a0.x, v[1] = a0.y, v[2] = a0.z, v[3] = a0.w;
  f[0] = b0.x, f[1] = b0.y, f[2] = b0.z, f[3] = b0.w;
  float run = 0.0f;
  *has = false;
  for (int k = 0; k < kItems; ++k) {
    if (f[k] != 0) {
      run = 0.0f;
      *has = true;
    }
    run += v[k];
  }
  return run;
}

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

__global__ void __launch_bounds__(kThreads) tile_aggregates(const float* values, const int* flags, int N, float* sums,
                                                            int* has_flag) {
  __shared__ float warp_sums[kWarps];
  __shared__ int warp_flags[kWarps];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v[kItems];
  int f[kItems];
  bool fx;
  float x = load_items(values, flags, N, static_cast<long long>(blockIdx.x) * kTile + kItems * threadIdx.x, v, f, &fx);
  warp_scan(x, fx, lane);
  if (lane == 31) {
    warp_sums[warp] = x;
    warp_flags[warp] = fx ? 1 : 0;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.0f;
    bool flagged = false;
    for (int w = 0; w < kWarps; ++w) {
      total = warp_flags[w] ? warp_sums[w] : total + warp_sums[w];
      flagged = flagged || warp_flags[w];
    }
    sums[blockIdx.x] = total;
    has_flag[blockIdx.x] = flagged ? 1 : 0;
  }
}

// One thread: the tile aggregates become the tiles' carries, in order.
__global__ void scan_aggregates(float* sums, const int* has_flag, int tiles) {
  float in = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const float s = sums[t];
    const bool flagged = has_flag[t] != 0;
    sums[t] = in;
    in = flagged ? s : in + s;
  }
}

__global__ void __launch_bounds__(kThreads) scan_tiles(const float* values, const int* flags, float* output, int N,
                                                       const float* carries) {
  __shared__ float warp_sums[kWarps];
  __shared__ int warp_flags[kWarps];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const long long first = static_cast<long long>(blockIdx.x) * kTile + kItems * threadIdx.x;
  float v[kItems];
  int f[kItems];
  bool fx;
  float x = load_items(values, flags, N, first, v, f, &fx);
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
  float in = carries[blockIdx.x];
  for (int w = 0; w < warp; ++w) in = warp_flags[w] ? warp_sums[w] : in + warp_sums[w];
  in = fex ? ex : in + ex;
  for (int k = 0; k < kItems; ++k) {
    if (f[k] != 0) in = 0.0f;
    const float next = in + v[k];
    v[k] = in;
    in = next;
  }
  store4(output, first, N, make_float4(v[0], v[1], v[2], v[3]));
}

extern "C" void solve(const float* values, const int* flags, float* output, int N) {
  const int tiles = (N + kTile - 1) / kTile;
  if (tiles > capacity) {
    cudaFree(sums);
    cudaFree(has_flag);
    sums = nullptr;
    has_flag = nullptr;
    capacity = 0;
    if (cudaMalloc(&sums, tiles * sizeof(float)) != cudaSuccess || cudaMalloc(&has_flag, tiles * sizeof(int)) != cudaSuccess) return;
    capacity = tiles;
  }
  tile_aggregates<<<tiles, kThreads>>>(values, flags, N, sums, has_flag);
  scan_aggregates<<<1, 1>>>(sums, has_flag, tiles);
  scan_tiles<<<tiles, kThreads>>>(values, flags, output, N, sums);
  cudaDeviceSynchronize();
}
