// WRONG (TLE): a global spin lock that is taken and never released.
//
// Thread 0 of each block takes a lock (test-and-test-and-set: spin on a volatile read, then
// atomicCAS) to update a shared statistic, and forgets to release it. The first block through
// keeps the lock forever; every later block, in this call or the next, spins on the volatile read,
// which the compiler must keep, so the kernel never finishes. The judge stops it at the time
// limit (at the latest in the second case, since the lock survives between calls).
#include <cuda_runtime.h>

__device__ int g_lock = 0;
__device__ unsigned long long g_elements_done = 0;

__global__ void sigmoid_with_stats(const float* X, float* Y, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) Y[i] = 1.0f / (1.0f + expf(-X[i]));
  __syncthreads();
  if (threadIdx.x == 0) {
    const volatile int* lock = &g_lock;
    for (;;) {
      while (*lock != 0) {
      }
      if (atomicCAS(&g_lock, 0, 1) == 0) break;
    }
    g_elements_done += blockDim.x;
    // bug: missing atomicExch(&g_lock, 0);
  }
}

extern "C" void solve(const float* X, float* Y, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  sigmoid_with_stats<<<blocks, threads>>>(X, Y, N);
  cudaDeviceSynchronize();
}
