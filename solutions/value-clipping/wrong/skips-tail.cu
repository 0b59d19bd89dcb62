// WRONG (WA, "never written"): a float4 kernel that forgets the scalar tail.
//
// Each thread handles one float4 and there are N / 4 of them, so when N is not a multiple of 4
// the last N % 4 elements of output keep the garbage they started with. The first case that
// catches it is example 1 (N = 5: element 4).
#include <cuda_runtime.h>

__global__ void clip_vec4(const float4* input, float4* output, float lo, float hi, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    const float4 v = input[i];
    output[i] = make_float4(fminf(fmaxf(v.x, lo), hi), fminf(fmaxf(v.y, lo), hi), fminf(fmaxf(v.z, lo), hi),
                            fminf(fmaxf(v.w, lo), hi));
  }
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
  const int threads = 256;
  const int blocks = (N + 4 * threads - 1) / (4 * threads);
  clip_vec4<<<blocks, threads>>>(reinterpret_cast<const float4*>(input), reinterpret_cast<float4*>(output), lo, hi,
                                 N / 4);
  cudaDeviceSynchronize();
}
