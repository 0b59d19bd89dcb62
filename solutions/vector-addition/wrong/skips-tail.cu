// WRONG (WA, "never written"): a float4 kernel that forgets the scalar tail.
//
// Each thread adds one float4, and there are N / 4 of them, so when N is not a multiple of 4
// the last N % 4 elements of C are never touched and keep the garbage they started with.
// The first case that catches it is example 2 (N = 5).
#include <cuda_runtime.h>

__global__ void vector_add_vec4(const float4* A, const float4* B, float4* C, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    const float4 a = A[i];
    const float4 b = B[i];
    C[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int threads = 256;
  const int blocks = (N + 4 * threads - 1) / (4 * threads);  // 4 elements per thread
  vector_add_vec4<<<blocks, threads>>>(reinterpret_cast<const float4*>(A),
                                       reinterpret_cast<const float4*>(B),
                                       reinterpret_cast<float4*>(C), N / 4);
  cudaDeviceSynchronize();
}
