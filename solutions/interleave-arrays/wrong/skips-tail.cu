// WRONG (WA, "never written"): a float4 kernel that forgets the scalar tail.
//
// Each thread interleaves four pairs and there are N / 4 such groups, so when N is not a
// multiple of 4 the last N % 4 pairs of output keep the garbage they started with. Example 1
// (N = 3) has no complete group at all: its whole output is left unwritten.
#include <cuda_runtime.h>

__global__ void interleave_vec4(const float4* A, const float4* B, float4* output, int n4) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q < n4) {
    const float4 a = A[q];
    const float4 b = B[q];
    output[2 * q] = make_float4(a.x, b.x, a.y, b.y);
    output[2 * q + 1] = make_float4(a.z, b.z, a.w, b.w);
  }
}

extern "C" void solve(const float* A, const float* B, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + 4 * threads - 1) / (4 * threads);
  interleave_vec4<<<blocks, threads>>>(reinterpret_cast<const float4*>(A), reinterpret_cast<const float4*>(B),
                                       reinterpret_cast<float4*>(output), N / 4);
  cudaDeviceSynchronize();
}
