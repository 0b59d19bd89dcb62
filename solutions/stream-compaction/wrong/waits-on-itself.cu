// Wrong: a chained scan whose tiles wait for their own flag instead of the previous tile's: tile 1
// spins forever, so any input of more than one 4,096-element tile (all-kept-4099) times out.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;
constexpr int kWarps = kThreads / 32;
constexpr int kTile = 4 * kThreads;

static unsigned long long* scratch = nullptr;  // [0] tile counter, [1] total, [2 + t] 1 + inclusive count of tile t
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

__global__ void __launch_bounds__(kThreads) compact_chained(const float* A, int N, float* out, unsigned long long* scratch,
                                                            int tiles) {
  __shared__ int warp_totals[kWarps];
  __shared__ int tile_shared;
  __shared__ int before_shared;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  unsigned long long* done = scratch + 2;
  if (threadIdx.x == 0) tile_shared = static_cast<int>(atomicAdd(scratch, 1ull));
  __syncthreads();
  const int tile = tile_shared;
  const long long first = static_cast<long long>(tile) * kTile + 4 * threadIdx.x;
  const float4 a = load4(A, first, N);
  const bool k0 = first < N && a.x > 0.0f, k1 = first + 1 < N && a.y > 0.0f;
  const bool k2 = first + 2 < N && a.z > 0.0f, k3 = first + 3 < N && a.w > 0.0f;
  const int mine = k0 + k1 + k2 + k3;
  int x = mine;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  if (lane == 31) warp_totals[warp] = x;
  __syncthreads();
  if (threadIdx.x == 0) {
    int total = 0;
    for (int w = 0; w < kWarps; ++w) total += warp_totals[w];
    long long before = 0;
    if (tile > 0) {
      const volatile unsigned long long* prev = &done[tile];  // the bug: should be tile - 1
      unsigned long long word;
      do {
        word = *prev;
      } while (word == 0);  // the previous tile has not finished its count yet
      before = static_cast<long long>(word - 1);
    }
    *reinterpret_cast<volatile unsigned long long*>(&done[tile]) = static_cast<unsigned long long>(before + total) + 1;
    if (tile == tiles - 1) scratch[1] = static_cast<unsigned long long>(before + total);
    before_shared = static_cast<int>(before);
  }
  __syncthreads();
  int at = before_shared + x - mine;
  for (int w = 0; w < warp; ++w) at += warp_totals[w];
  if (k0) out[at++] = a.x;
  if (k1) out[at++] = a.y;
  if (k2) out[at++] = a.z;
  if (k3) out[at] = a.w;
}

// out[total, N) = 0, total from the last tile.
__global__ void zero_tail(float* out, int N, const unsigned long long* scratch) {
  const long long total = static_cast<long long>(scratch[1]);
  const long long stride = gridDim.x * static_cast<long long>(blockDim.x);
  for (long long i = total + blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < N; i += stride) out[i] = 0.0f;
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
  cudaMemsetAsync(scratch, 0, entries * sizeof(unsigned long long));
  compact_chained<<<tiles, kThreads>>>(A, N, out, scratch, tiles);
  zero_tail<<<1024, 256>>>(out, N, scratch);
  cudaDeviceSynchronize();
}
