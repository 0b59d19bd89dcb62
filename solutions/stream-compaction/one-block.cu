// One block of 1,024 threads does everything: it walks A in 4,096-element tiles (a float4 per
// thread), ranks the kept values of each tile with warp shuffles and one shared scan of the warp
// counts, writes them after those of the previous tiles, then writes the zeros. Correct and
// simple, but a single SM reads and writes all 400 MB, one tile after another.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;
constexpr int kWarps = kThreads / 32;
constexpr int kTile = 4 * kThreads;

__device__ __forceinline__ float4 load4(const float* p, long long i, int n) {
  if (i + 3 < n) return *reinterpret_cast<const float4*>(p + i);
  float4 v;
  v.x = (i < n) ? p[i] : 0.0f;
  v.y = (i + 1 < n) ? p[i + 1] : 0.0f;
  v.z = (i + 2 < n) ? p[i + 2] : 0.0f;
  v.w = (i + 3 < n) ? p[i + 3] : 0.0f;
  return v;
}

__global__ void __launch_bounds__(kThreads) compact_one_block(const float* A, int N, float* out) {
  __shared__ int warp_totals[kWarps];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  long long kept_so_far = 0;  // the same in every thread
  for (long long base = 0; base < N; base += kTile) {
    const long long first = base + 4 * threadIdx.x;
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
    long long at = kept_so_far + x - mine;
    int tile_total = 0;
    for (int w = 0; w < kWarps; ++w) {
      if (w < warp) at += warp_totals[w];
      tile_total += warp_totals[w];
    }
    if (k0) out[at++] = a.x;
    if (k1) out[at++] = a.y;
    if (k2) out[at++] = a.z;
    if (k3) out[at] = a.w;
    kept_so_far += tile_total;
    __syncthreads();  // warp_totals is rewritten by the next tile
  }
  for (long long i = kept_so_far + threadIdx.x; i < N; i += kThreads) out[i] = 0.0f;
}

extern "C" void solve(const float* A, int N, float* out) {
  compact_one_block<<<1, kThreads>>>(A, N, out);
  cudaDeviceSynchronize();
}
