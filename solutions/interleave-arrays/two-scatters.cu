// Two scatters: one kernel copies A into the even slots of output, a second one B into the odd
// slots, each with one thread per element.
//
// Simple, and each pass is coalesced on its reads, but every 32-byte sector of output is
// written half by each pass. The first pass leaves half-written sectors in L2, which must be
// merged with memory, and the second pass touches all of output again: the output crosses the
// memory bus about twice instead of once, plus a second launch.
#include <cuda_runtime.h>

__global__ void scatter_strided(const float* src, float* dst, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) dst[2 * i] = src[i];
}

extern "C" void solve(const float* A, const float* B, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  scatter_strided<<<blocks, threads>>>(A, output, N);      // output[0], output[2], ...
  scatter_strided<<<blocks, threads>>>(B, output + 1, N);  // output[1], output[3], ...
  cudaDeviceSynchronize();
}
