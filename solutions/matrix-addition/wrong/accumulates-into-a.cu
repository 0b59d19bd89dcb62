// WRONG (WA, "was modified"): uses A as the accumulator, then copies it to C.
//
// The kernel adds B into A in place and cudaMemcpyAsync copies A to C. C is right, but A is an
// input: the judge checks that it comes back unchanged (and a second call would add B twice).
#include <cuda_runtime.h>

__global__ void add_into(float* A, const float* B, int total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < total) A[i] += B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int total = N * N;
  float* acc = const_cast<float*>(A);
  const int threads = 256;
  const int blocks = (total + threads - 1) / threads;
  add_into<<<blocks, threads>>>(acc, B, total);
  cudaMemcpyAsync(C, acc, sizeof(float) * (size_t)total, cudaMemcpyDeviceToDevice, 0);
  cudaDeviceSynchronize();
}
