// Accepted here as on LeetGPU (not a ladder rung): one GPU thread does the whole job in O(N). It
// adds up the first window, then slides it one entry at a time (add the entry that comes in,
// subtract the one that leaves), keeping the largest sum. About 50,000 steps at the statement's
// largest N, a few milliseconds: right and fast enough for every size the statement allows.
// On the ranking case (N = 50,000,000, past the statement's limit) it needs seconds and runs out
// of that case's time limit; that case never rejects a solution, so this file is accepted,
// unranked, with the official case's time shown.
#include <cuda_runtime.h>

__global__ void slide(const int* input, int* output, int N, int W) {
  int sum = 0;
  for (int i = 0; i < W; ++i) sum += input[i];
  int best = sum;
  for (int i = W; i < N; ++i) {
    sum += input[i] - input[i - W];
    if (sum > best) best = sum;
  }
  *output = best;
}

extern "C" void solve(const int* input, int* output, int N, int window_size) {
  slide<<<1, 1>>>(input, output, N, window_size);
  cudaDeviceSynchronize();
}
