// WRONG (WA): int4 loads without the scalar tail.
//
// The loop covers the first 4 * (N / 4) elements and forgets the last N % 4: in example 1
// (N = 6) the final 2 and 1 are never counted, giving [1, 0, 2, 1] instead of [1, 1, 3, 1].
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kMaxBins = 1024;

__global__ void histogram_int4(const int* input, int* histogram, int N, int num_bins) {
  __shared__ int bins[kMaxBins];
  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) bins[b] = 0;
  __syncthreads();

  const int stride = gridDim.x * blockDim.x;
  const int4* vec = reinterpret_cast<const int4*>(input);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N / 4; i += stride) {
    const int4 v = vec[i];
    atomicAdd(&bins[v.x], 1);
    atomicAdd(&bins[v.y], 1);
    atomicAdd(&bins[v.z], 1);
    atomicAdd(&bins[v.w], 1);
  }
  // Bug: no loop over the last N % 4 elements.
  __syncthreads();

  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) {
    const int count = bins[b];
    if (count != 0) atomicAdd(&histogram[b], count);
  }
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
  cudaMemset(histogram, 0, num_bins * sizeof(int));
  histogram_int4<<<264, kThreads>>>(input, histogram, N, num_bins);
  cudaDeviceSynchronize();
}
