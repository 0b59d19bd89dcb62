// Global atomics: clear the histogram with cudaMemset, then one thread per element adds one to
// its bin with atomicAdd on global memory.
//
// Correct and simple, but every one of the N increments is an atomic resolved in L2, and with
// 256 bins they all land on eight cache lines: the atomic units, not DRAM, set the pace.
#include <cuda_runtime.h>

__global__ void histogram_global(const int* input, int* histogram, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) atomicAdd(&histogram[input[i]], 1);
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
  cudaMemset(histogram, 0, num_bins * sizeof(int));
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  histogram_global<<<blocks, threads>>>(input, histogram, N);
  cudaDeviceSynchronize();
}
