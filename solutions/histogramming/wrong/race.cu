// WRONG (WA): clears the histogram, then increments bins with a plain histogram[v] += 1.
//
// The increment is a load, an add and a store: threads that hit the same bin at the same moment
// all load the same old count and store the same new one, so increments are lost. In example 1
// the three 2s sit in one warp and bin 2 comes out as 1 instead of 3.
#include <cuda_runtime.h>

__global__ void histogram_racy(const int* input, int* histogram, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) histogram[input[i]] += 1;  // Bug: not atomic
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
  cudaMemset(histogram, 0, num_bins * sizeof(int));
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  histogram_racy<<<blocks, threads>>>(input, histogram, N);
  cudaDeviceSynchronize();
}
