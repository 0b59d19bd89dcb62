// Vectorized: the matrices as flat arrays, one float4 of each per thread, plus a scalar tail.
//
// A 16-byte load or store is one instruction, so a quarter of naive-2d's memory instructions
// and threads move the same bytes. N * N % 4 is 0 or 1 (1 when N is odd); the leftover elements
// are added one by one by the first threads.
#include <cuda_runtime.h>

__global__ void add_vec4(const float* A, const float* B, float* C, int total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int n4 = total / 4;
  if (i < n4) {
    const float4 a = reinterpret_cast<const float4*>(A)[i];
    const float4 b = reinterpret_cast<const float4*>(B)[i];
    reinterpret_cast<float4*>(C)[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
  }
  if (i < total - n4 * 4) {
    const int j = n4 * 4 + i;
    C[j] = A[j] + B[j];
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int total = N * N;
  const int n4 = total / 4;
  const int items = n4 > 0 ? n4 : 1;  // at least one block, for N = 1
  const int threads = 256;
  const int blocks = (items + threads - 1) / threads;
  add_vec4<<<blocks, threads>>>(A, B, C, total);
  cudaDeviceSynchronize();
}
