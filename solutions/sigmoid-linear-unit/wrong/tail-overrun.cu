// WRONG (RTE, "wrote outside"): the float4 count rounds up instead of down.
//
// With n4 = (N + 3) / 4, the last thread stores a whole float4 even when only N % 4 elements of
// it exist, writing up to three floats past the end of output into the judge's guard zone.
// Example 1 (N = 4) is fine; example 2 (N = 5) writes output[5], output[6] and output[7].
#include <cuda_runtime.h>

__device__ __forceinline__ float silu(float x) { return x / (1.0f + expf(-x)); }

__global__ void silu_vec4(const float4* input, float4* output, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    const float4 v = input[i];
    output[i] = make_float4(silu(v.x), silu(v.y), silu(v.z), silu(v.w));
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int n4 = (N + 3) / 4;  // bug: counts a partial float4 as a whole one
  const int threads = 256;
  const int blocks = (n4 + threads - 1) / threads;
  silu_vec4<<<blocks, threads>>>(reinterpret_cast<const float4*>(input), reinterpret_cast<float4*>(output), n4);
  cudaDeviceSynchronize();
}
