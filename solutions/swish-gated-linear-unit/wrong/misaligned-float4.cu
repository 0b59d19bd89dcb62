// WRONG (RTE, "cudaErrorMisalignedAddress"): loads x2 = input + N / 2 as float4 whatever N is.
//
// x1 and output start on 256-byte boundaries, but x2 is 16-byte aligned only when N % 8 == 0.
// The examples and N = 2 have fewer than four outputs, so only the (correct) scalar tail runs;
// the "edges" case (N = 10, x2 at a 20-byte offset) issues a misaligned float4 load and the
// kernel stops with a misaligned-address error.
#include <cuda_runtime.h>

__device__ __forceinline__ float silu(float x) { return x / (1.0f + expf(-x)); }

__global__ void swiglu_vec4(const float* input, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int n4 = half / 4;
  if (i < n4) {
    const float4 a = reinterpret_cast<const float4*>(input)[i];
    const float4 b = reinterpret_cast<const float4*>(input + half)[i];  // bug: not aligned unless half % 4 == 0
    reinterpret_cast<float4*>(output)[i] =
        make_float4(silu(a.x) * b.x, silu(a.y) * b.y, silu(a.z) * b.z, silu(a.w) * b.w);
  }
  if (i < half - n4 * 4) {
    const int j = n4 * 4 + i;
    output[j] = silu(input[j]) * input[half + j];
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int n4 = half / 4;
  const int items = n4 > 0 ? n4 : 1;
  const int threads = 256;
  swiglu_vec4<<<(items + threads - 1) / threads, threads>>>(input, output, half);
  cudaDeviceSynchronize();
}
