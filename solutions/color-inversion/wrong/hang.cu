// WRONG (TLE): blocks forced to run in order, with an off-by-one ticket.
//
// Each block is meant to wait until every block before it has finished (a chained ordering,
// as in a decoupled-lookback scan), then invert its pixels and count itself as finished. The
// wait asks for blockIdx.x + 1 finished blocks instead of blockIdx.x, so block 0 waits for a
// block that is waiting for it, and nobody ever starts. The wait spins on a volatile read, so
// the compiler keeps the loop; the judge stops the kernel at the time limit.
#include <cuda_runtime.h>

__device__ unsigned int g_finished_blocks = 0;

__global__ void invert_in_order(unsigned int* pixels, int count) {
  if (threadIdx.x == 0) {
    const volatile unsigned int* finished = &g_finished_blocks;
    while (*finished < blockIdx.x + 1) {  // bug: should be blockIdx.x
    }
  }
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) pixels[i] ^= 0x00FFFFFFu;
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    atomicAdd(&g_finished_blocks, 1u);
  }
}

extern "C" void solve(unsigned char* image, int width, int height) {
  const int count = width * height;
  const int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  invert_in_order<<<blocks, threads>>>(reinterpret_cast<unsigned int*>(image), count);
  cudaDeviceSynchronize();
}
