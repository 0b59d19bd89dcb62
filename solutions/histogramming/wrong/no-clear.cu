// WRONG (WA, reads the output before writing it): global atomicAdd into the histogram without
// clearing it first.
//
// histogram holds the judge's fill pattern on entry, so every bin comes out as the fill value
// plus its count (example 1). With outputs that start at zero, as LeetGPU's often do, it would
// pass; the judge's report says so.
#include <cuda_runtime.h>

__global__ void histogram_global(const int* input, int* histogram, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) atomicAdd(&histogram[input[i]], 1);
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
  // Bug: missing cudaMemset(histogram, 0, num_bins * sizeof(int)).
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  histogram_global<<<blocks, threads>>>(input, histogram, N);
  cudaDeviceSynchronize();
}
