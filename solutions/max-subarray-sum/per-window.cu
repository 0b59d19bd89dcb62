// Accepted here as on LeetGPU (not a ladder rung): one thread per window adds up its own
// window_size entries from scratch, O(N * window_size) work, and atomicMax-es the sum into
// output, which a cudaMemcpy first sets to INT_MIN. At the statement's largest size (25,001
// windows of 25,000 entries, reads that neighbouring threads share through the caches) that is
// about a millisecond: right for every size the statement allows. On the ranking case
// (N = 50,000,000, windows of 25,000,000) it would take days and runs out of that case's time
// limit; that case never rejects a solution, so this file is accepted, unranked.
#include <cuda_runtime.h>
#include <limits.h>

__global__ void window_sums(const int* input, int* output, int windows, int W) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= windows) return;
  int sum = 0;
  for (int k = 0; k < W; ++k) sum += input[i + k];
  atomicMax(output, sum);
}

extern "C" void solve(const int* input, int* output, int N, int window_size) {
  const int lowest = INT_MIN;
  cudaMemcpy(output, &lowest, sizeof(int), cudaMemcpyHostToDevice);
  const int windows = N - window_size + 1;
  const int threads = 256;
  window_sums<<<(windows + threads - 1) / threads, threads>>>(input, output, windows, window_size);
  cudaDeviceSynchronize();
}
