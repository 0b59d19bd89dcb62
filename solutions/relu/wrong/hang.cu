// WRONG (TLE): a grid-wide "wait until everyone is done" that counts blocks but waits for
// threads.
//
// After its grid-stride loop, thread 0 of each block adds 1 to a global arrival counter and then
// waits until the counter reaches gridDim.x * blockDim.x, the number of threads, although only
// one thread per block ever arrives. The wait spins on a volatile read, so the compiler keeps
// the loop, and the kernel never finishes (the barrier was pointless anyway: the kernel's end is
// already a grid-wide synchronization point). The judge stops it at the time limit.
#include <cuda_runtime.h>

__device__ unsigned int g_arrived = 0;

__global__ void relu_then_wait(const float* input, float* output, int N) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
    output[i] = fmaxf(input[i], 0.0f);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(&g_arrived, 1u);
    const volatile unsigned int* arrived = &g_arrived;
    while (*arrived < gridDim.x * blockDim.x) {  // bug: only gridDim.x arrivals will come
    }
  }
  __syncthreads();
}

extern "C" void solve(const float* input, float* output, int N) {
  relu_then_wait<<<132, 256>>>(input, output, N);
  cudaDeviceSynchronize();
}
