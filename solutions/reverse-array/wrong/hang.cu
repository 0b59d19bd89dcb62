// WRONG (TLE): waits for a global count of loaded pairs that can never be reached.
//
// To be "safe" against races, every block first counts the pairs it has loaded into a global
// counter and waits until all pairs are loaded before storing. The target is N (elements)
// instead of N / 2 (pairs), so the count stops at N / 2 and every block spins forever on a
// volatile read (which the compiler must keep). Even with the right target, such a grid-wide
// wait would deadlock once the grid has more blocks than can be resident at the same time.
#include <cuda_runtime.h>

__device__ unsigned int g_loaded_pairs = 0;

__global__ void reverse_after_all_loaded(float* input, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = N - 1 - i;
  float a = 0.0f;
  float b = 0.0f;
  if (i < N / 2) {
    a = input[i];
    b = input[j];
    atomicAdd(&g_loaded_pairs, 1u);
  }
  const volatile unsigned int* loaded = &g_loaded_pairs;
  while (*loaded < static_cast<unsigned int>(N)) {  // bug: N / 2 pairs exist, not N
  }
  if (i < N / 2) {
    input[i] = b;
    input[j] = a;
  }
}

extern "C" void solve(float* input, int N) {
  const int threads = 256;
  const int blocks = (N / 2 + threads) / threads;  // at least one block, even for N = 1
  reverse_after_all_loaded<<<blocks, threads>>>(input, N);
  cudaDeviceSynchronize();
}
