// WRONG (RTE, "wrote outside"): the mirror of index i is taken as N - i instead of N - 1 - i.
//
// Thread 0 then swaps input[0] with input[N], one element past the end of the buffer: the store
// to input[N] lands in the judge's guard zone behind the array, which is reported as a write
// outside the buffer (and the rest of the array is shifted by one as well).
#include <cuda_runtime.h>

__global__ void reverse_pairs(float* input, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N / 2) {
    const int j = N - i;  // bug: should be N - 1 - i
    const float a = input[i];
    const float b = input[j];
    input[i] = b;
    input[j] = a;
  }
}

extern "C" void solve(float* input, int N) {
  const int pairs = N / 2;
  if (pairs == 0) return;
  const int threads = 256;
  const int blocks = (pairs + threads - 1) / threads;
  reverse_pairs<<<blocks, threads>>>(input, N);
  cudaDeviceSynchronize();
}
