// One block of 1,024 threads does everything: it walks the input in 4,096-element tiles (a float4
// of values and an int4 of flags per thread), scans each tile with warp shuffles on (sum, flag)
// pairs, and carries the running sum from tile to tile. Correct and simple, but one SM moves all
// 600 MB, one tile after another.
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

__global__ void __launch_bounds__(kThreads) segscan_one_block(const float* values, const int* flags, float* output, int N) {
  __shared__ float warp_sums[kWarps];
  __shared__ int warp_flags[kWarps];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float carry = 0.0f;  // the same in every thread: the sum after the last flag so far
  for (long long base = 0; base < N; base += kTile) {
    const long long i = base + 4 * threadIdx.x;
    const float4 a = load4(values, i, N);
    const int4 b = load4(flags, i, N);
    float v[4] = {a.x, a.y, a.z, a.w};
    const int f[4] = {b.x, b.y, b.z, b.w};
    float x = 0.0f;
    bool fx = false;
    for (int k = 0; k < 4; ++k) {
      if (f[k] != 0) {
        x = 0.0f;
        fx = true;
      }
      x += v[k];
    }
    for (int offset = 1; offset < 32; offset *= 2) {
      const float y = __shfl_up_sync(0xffffffffu, x, offset);
      const bool fy = __shfl_up_sync(0xffffffffu, fx ? 1 : 0, offset) != 0;
      if (lane >= offset) {
        if (!fx) x += y;
        fx = fx || fy;
      }
    }
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
    float in = carry;
    for (int w = 0; w < warp; ++w) in = warp_flags[w] ? warp_sums[w] : in + warp_sums[w];
    in = fex ? ex : in + ex;
    for (int k = 0; k < 4; ++k) {
      if (f[k] != 0) in = 0.0f;
      const float next = in + v[k];
      v[k] = in;
      in = next;
    }
    store4(output, i, N, make_float4(v[0], v[1], v[2], v[3]));
    for (int w = 0; w < kWarps; ++w) carry = warp_flags[w] ? warp_sums[w] : carry + warp_sums[w];
    __syncthreads();  // warp_sums is rewritten by the next tile
  }
}

extern "C" void solve(const float* values, const int* flags, float* output, int N) {
  segscan_one_block<<<1, kThreads>>>(values, flags, output, N);
  cudaDeviceSynchronize();
}
