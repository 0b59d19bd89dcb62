// One block per SM: as many 256-thread blocks as the GPU has SMs, each with a private
// shared-memory histogram filled by a grid-stride loop, then added into the cleared result.
//
// Every SM works and the atomics are cheap shared-memory ones, but each SM holds only 8 warps
// with one load in flight each: too few bytes in flight to approach DRAM bandwidth.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kMaxBins = 1024;

__global__ void histogram_private(const int* input, int* histogram, int N, int num_bins) {
  __shared__ int bins[kMaxBins];
  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) bins[b] = 0;
  __syncthreads();

  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += stride) atomicAdd(&bins[input[i]], 1);
  __syncthreads();

  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) {
    const int count = bins[b];
    if (count != 0) atomicAdd(&histogram[b], count);
  }
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
  static int sm_count = 0;
  if (sm_count == 0) {
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
  }
  cudaMemset(histogram, 0, num_bins * sizeof(int));
  histogram_private<<<sm_count, kThreads>>>(input, histogram, N, num_bins);
  cudaDeviceSynchronize();
}
