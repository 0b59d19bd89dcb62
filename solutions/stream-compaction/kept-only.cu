// Accepted on LeetGPU, kept as a test of the statement's guarantee that out arrives zeroed: a
// single pass with decoupled look-back writes the kept values to the front of out and nothing
// else. The zeros after them are the ones out started with (the judge hands this output over
// zeroed, as the statement promises). No rung: it writes less than best.cu only because it leans
// on that guarantee.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kItems = 8;
constexpr int kTile = kThreads * kItems;

// Flag word of a tile: status in the high 32 bits (0 nothing yet, 1 tile count, 2 inclusive
// count), the count in the low 32, so one 64-bit store publishes both.
constexpr unsigned long long kCount = 1ull << 32;
constexpr unsigned long long kPrefix = 2ull << 32;

static unsigned long long* scratch = nullptr;  // [0] tile counter, [1] unused, [2 + t] flag of tile t
static size_t scratch_capacity = 0;

__device__ __forceinline__ float4 load4(const float* p, long long i, int n) {
  if (i + 3 < n) return *reinterpret_cast<const float4*>(p + i);
  float4 v;
  v.x = (i < n) ? p[i] : 0.0f;
  v.y = (i + 1 < n) ? p[i + 1] : 0.0f;
  v.z = (i + 2 < n) ? p[i + 2] : 0.0f;
  v.w = (i + 3 < n) ? p[i + 3] : 0.0f;
  return v;
}

__device__ __forceinline__ void publish(unsigned long long* flag, unsigned long long status, int count) {
  *reinterpret_cast<volatile unsigned long long*>(flag) = status | static_cast<unsigned int>(count);
}

__global__ void __launch_bounds__(kThreads) compact_look_back(const float* A, int N, float* out, unsigned long long* scratch) {
  __shared__ int warp_totals[kWarps];
  __shared__ int tile_shared;
  __shared__ int before_shared;
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  unsigned long long* flags = scratch + 2;

  // Tiles in the order blocks start, so every earlier tile belongs to a block already running.
  if (threadIdx.x == 0) tile_shared = static_cast<int>(atomicAdd(scratch, 1ull));
  __syncthreads();
  const int tile = tile_shared;

  const long long first = static_cast<long long>(tile) * kTile + kItems * threadIdx.x;
  const float4 a = load4(A, first, N);
  const float4 b = load4(A, first + 4, N);
  const float v[kItems] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
  int mine = 0;
  for (int k = 0; k < kItems; ++k) mine += (first + k < N && v[k] > 0.0f);
  int x = mine;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  if (lane == 31) warp_totals[warp] = x;
  __syncthreads();
  if (warp == 0) {
    int w = (lane < kWarps) ? warp_totals[lane] : 0;
    for (int offset = 1; offset < kWarps; offset <<= 1) {
      const int y = __shfl_up_sync(0xffffffffu, w, offset);
      if (lane >= offset) w += y;
    }
    if (lane < kWarps) warp_totals[lane] = w;  // inclusive sums of the warps
  }
  __syncthreads();

  if (threadIdx.x == 0) {
    const int total = warp_totals[kWarps - 1];
    int before = 0;
    if (tile == 0) {
      publish(&flags[0], kPrefix, total);
    } else {
      publish(&flags[tile], kCount, total);
      for (int p = tile - 1;; --p) {
        const volatile unsigned long long* flag = &flags[p];
        unsigned long long word;
        do {
          word = *flag;
        } while ((word >> 32) == 0);  // that tile has not even published its count yet
        before += static_cast<int>(static_cast<unsigned int>(word));
        if ((word & ~0xffffffffull) == kPrefix) break;  // everything before p is included
      }
      publish(&flags[tile], kPrefix, before + total);
    }
    before_shared = before;
  }
  __syncthreads();

  int at = before_shared + (warp > 0 ? warp_totals[warp - 1] : 0) + (x - mine);
  for (int k = 0; k < kItems; ++k)
    if (first + k < N && v[k] > 0.0f) out[at++] = v[k];
}

extern "C" void solve(const float* A, int N, float* out) {
  const int tiles = (N + kTile - 1) / kTile;
  const size_t entries = 2 + static_cast<size_t>(tiles);
  if (entries > scratch_capacity) {
    cudaFree(scratch);
    scratch = nullptr;
    scratch_capacity = 0;
    if (cudaMalloc(&scratch, entries * sizeof(unsigned long long)) != cudaSuccess) return;
    scratch_capacity = entries;
  }
  cudaMemsetAsync(scratch, 0, entries * sizeof(unsigned long long));  // counter and flags
  compact_look_back<<<tiles, kThreads>>>(A, N, out, scratch);
  cudaDeviceSynchronize();
}
