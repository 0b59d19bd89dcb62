// WRONG (WA, "never written"): a float4 kernel that forgets the scalar tail.
//
// Each thread handles one float4 and there are N / 4 of them, so when N is not a multiple of 4
// the last N % 4 elements of output keep the garbage they started with. The first case that
// catches it is example 2 (N = 5: element 4).
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
  const int threads = 256;
  const int blocks = (N + 4 * threads - 1) / (4 * threads);
  silu_vec4<<<blocks, threads>>>(reinterpret_cast<const float4*>(input), reinterpret_cast<float4*>(output), N / 4);
  cudaDeviceSynchronize();
}
