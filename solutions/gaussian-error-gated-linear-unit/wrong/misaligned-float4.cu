// WRONG (RTE, "cudaErrorMisalignedAddress"): loads x2 = input + N / 2 as float4 whatever N is.
//
// x2 starts on a 16-byte boundary only when N % 8 == 0. The examples (N = 4 and 6) have no
// whole float4 and pass through the scalar tail; in test "edges" (N = 10) x2 starts 20 bytes
// into input, and its first float4 load is misaligned: the kernel stops with
// cudaErrorMisalignedAddress. (The N / 2 % 4 leftover outputs do get a tail: that is not the bug.)
#include <cuda_runtime.h>

__device__ __forceinline__ float gelu(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678f)); }

__global__ void geglu_vec4_any(const float* input, float* output, int half) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  const int n4 = half / 4;
  if (q < n4) {
    const float4 a = reinterpret_cast<const float4*>(input)[q];
    const float4 g = reinterpret_cast<const float4*>(input + half)[q];  // bug: misaligned unless N % 8 == 0
    reinterpret_cast<float4*>(output)[q] =
        make_float4(a.x * gelu(g.x), a.y * gelu(g.y), a.z * gelu(g.z), a.w * gelu(g.w));
  }
  if (q < half - n4 * 4) {
    const int i = n4 * 4 + q;
    output[i] = input[i] * gelu(input[half + i]);
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int threads = 256;
  const int items = half / 4 > 0 ? half / 4 : 1;
  geglu_vec4_any<<<(items + threads - 1) / threads, threads>>>(input, output, half);
  cudaDeviceSynchronize();
}
