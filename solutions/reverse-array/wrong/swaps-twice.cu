// WRONG (WA): launches one thread per element instead of one per pair, so every pair is swapped
// by two threads.
//
// Thread i swaps input[i] with input[N - 1 - i], and so does thread N - 1 - i. When both threads
// sit in the same warp their loads happen before their stores and the answer happens to come out
// right, which is why small examples can pass. In a large array the two threads are in blocks
// far apart: block 0 finishes its swaps long before the last block starts, and the last block
// swaps the same pairs back, so both ends of the array come back unchanged (first seen at the
// large cases, e.g. large-odd with N = 10,000,019).
#include <cuda_runtime.h>

__global__ void reverse_all(float* input, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const int j = N - 1 - i;
    const float a = input[i];
    const float b = input[j];
    input[i] = b;
    input[j] = a;
  }
}

extern "C" void solve(float* input, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;  // bug: covers N elements, not N / 2 pairs
  reverse_all<<<blocks, threads>>>(input, N);
  cudaDeviceSynchronize();
}
