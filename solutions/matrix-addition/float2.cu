// float2: the matrices as flat arrays, one float2 (8 bytes) of each per thread, plus the last
// element when N * N is odd.
//
// Twice the bytes per load instruction of naive-2d and half the threads, so more data is in
// flight per resident warp; vectorized goes on to 16-byte float4 accesses. The buffers start on
// 256-byte boundaries, so the float2 views are aligned.
#include <cuda_runtime.h>

__global__ void add_vec2(const float* A, const float* B, float* C, int total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int n2 = total / 2;
  if (i < n2) {
    const float2 a = reinterpret_cast<const float2*>(A)[i];
    const float2 b = reinterpret_cast<const float2*>(B)[i];
    reinterpret_cast<float2*>(C)[i] = make_float2(a.x + b.x, a.y + b.y);
  }
  if (i == 0 && (total & 1)) C[total - 1] = A[total - 1] + B[total - 1];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int total = N * N;
  const int n2 = total / 2;
  const int items = n2 > 0 ? n2 : 1;  // at least one block, for N = 1
  const int threads = 256;
  const int blocks = (items + threads - 1) / threads;
  add_vec2<<<blocks, threads>>>(A, B, C, total);
  cudaDeviceSynchronize();
}
