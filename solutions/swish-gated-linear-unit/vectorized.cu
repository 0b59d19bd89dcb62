// Vectorized: one float4 of x1, one of x2 and one of output per thread, when x2 allows it.
//
// A quarter of naive's memory instructions and threads move the same bytes. x2 = input + N / 2
// is 16-byte aligned only when N / 2 is a multiple of 4 (then there is no tail either); for
// other N, where a float4 load of x2 would fault, solve launches the naive kernel instead.
#include <cuda_runtime.h>

__device__ __forceinline__ float silu(float x) { return x / (1.0f + expf(-x)); }

__global__ void swiglu_vec4(const float4* x1, const float4* x2, float4* output, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    const float4 a = x1[i];
    const float4 b = x2[i];
    output[i] = make_float4(silu(a.x) * b.x, silu(a.y) * b.y, silu(a.z) * b.z, silu(a.w) * b.w);
  }
}

__global__ void swiglu_scalar(const float* input, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) output[i] = silu(input[i]) * input[half + i];
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int threads = 256;
  if (half % 4 == 0) {
    const int n4 = half / 4;
    swiglu_vec4<<<(n4 + threads - 1) / threads, threads>>>(reinterpret_cast<const float4*>(input),
                                                           reinterpret_cast<const float4*>(input + half),
                                                           reinterpret_cast<float4*>(output), n4);
  } else {
    swiglu_scalar<<<(half + threads - 1) / threads, threads>>>(input, output, half);
  }
  cudaDeviceSynchronize();
}
