// Private histogram per block, one element per thread: each 256-thread block counts its 256
// elements in shared memory, then adds every non-empty bin into the cleared global histogram.
//
// Shared atomics replace most global ones, but a block of 256 elements over 256 bins fills
// about 160 bins, so the flush still issues about 0.6 global atomics per element. Expected well
// ahead of global-atomic (the flush atomics of a warp hit one cache line together) and well
// behind a grid-stride loop, whose few blocks flush once each.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kMaxBins = 1024;

__global__ void histogram_block(const int* input, int* histogram, int N, int num_bins) {
  __shared__ int bins[kMaxBins];
  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) bins[b] = 0;
  __syncthreads();

  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) atomicAdd(&bins[input[i]], 1);
  __syncthreads();

  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) {
    const int count = bins[b];
    if (count != 0) atomicAdd(&histogram[b], count);
  }
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
  cudaMemset(histogram, 0, num_bins * sizeof(int));
  const int blocks = (N + kThreads - 1) / kThreads;
  histogram_block<<<blocks, kThreads>>>(input, histogram, N, num_bins);
  cudaDeviceSynchronize();
}
