// WRONG (TLE): block 0 waits for all blocks to finish before it has counted itself.
//
// Every block applies the leaky ReLU to its elements and then adds 1 to a global counter; block 0
// is meant to wait until all gridDim.x blocks have finished (for some final bookkeeping). But
// block 0 starts waiting before it adds its own 1, so the counter stops at gridDim.x - 1 and the
// wait, a spin on a volatile read the compiler must keep, never ends. The judge stops the kernel
// at the time limit.
#include <cuda_runtime.h>

__device__ unsigned int g_finished = 0;

__global__ void leaky_relu_then_wait(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : 0.01f * x;
  }
  __syncthreads();
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    const volatile unsigned int* finished = &g_finished;
    while (*finished < gridDim.x) {  // bug: block 0 has not counted itself yet
    }
  }
  atomicAdd(&g_finished, 1u);
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  leaky_relu_then_wait<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
