// Two passes: cudaMemcpyAsync copies A into C, then a one-thread-per-element kernel adds B into
// C in place (C[i] += B[i]).
//
// Each pass runs near full bandwidth, but C is written twice and read once more: 20 bytes of
// traffic per element instead of 12, so it trails the one-pass naive-2d kernel by half again.
#include <cuda_runtime.h>

__global__ void add_in_place(float* C, const float* B, int total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < total) C[i] += B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int total = N * N;
  cudaMemcpyAsync(C, A, sizeof(float) * (size_t)total, cudaMemcpyDeviceToDevice, 0);
  const int threads = 256;
  const int blocks = (total + threads - 1) / threads;
  add_in_place<<<blocks, threads>>>(C, B, total);
  cudaDeviceSynchronize();
}
