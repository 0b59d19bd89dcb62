// WRONG (WA): private shared-memory histograms that assume one thread per bin.
//
// Each 256-thread block clears and flushes only bins[threadIdx.x], which covers every bin while
// num_bins <= 256. With more bins (up to 1,024 are allowed), bins 256 and up are counted in
// shared memory but never added to the result, which keeps its zeros: the first test with an
// element in such a bin (single-top-bin: one element in bin 1023) fails.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kMaxBins = 1024;

__global__ void histogram_private(const int* input, int* histogram, int N, int num_bins) {
  __shared__ int bins[kMaxBins];
  if (threadIdx.x < num_bins) bins[threadIdx.x] = 0;  // Bug: only the first 256 bins
  __syncthreads();

  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += stride) atomicAdd(&bins[input[i]], 1);
  __syncthreads();

  if (threadIdx.x < num_bins) atomicAdd(&histogram[threadIdx.x], bins[threadIdx.x]);  // Bug: same
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
  cudaMemset(histogram, 0, num_bins * sizeof(int));
  int blocks = (N + kThreads - 1) / kThreads;
  if (blocks > 1024) blocks = 1024;
  histogram_private<<<blocks, kThreads>>>(input, histogram, N, num_bins);
  cudaDeviceSynchronize();
}
