// WRONG (WA, "never written"): a float4 kernel that forgets the scalar tail.
//
// There are N * N / 4 float4s, so when N is odd (N * N % 4 = 1) the last element of C keeps its
// garbage. The first case that catches it is example 2 (N = 3: element 8 of 9).
#include <cuda_runtime.h>

__global__ void add_vec4(const float4* A, const float4* B, float4* C, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    const float4 a = A[i];
    const float4 b = B[i];
    C[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int n4 = N * N / 4;
  const int threads = 256;
  const int blocks = (n4 + threads) / threads;  // at least one block
  add_vec4<<<blocks, threads>>>(reinterpret_cast<const float4*>(A), reinterpret_cast<const float4*>(B),
                                reinterpret_cast<float4*>(C), n4);
  cudaDeviceSynchronize();
}
