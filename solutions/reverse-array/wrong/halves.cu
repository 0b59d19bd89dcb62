// WRONG (WA): mirrors each index around the middle of two halves of length N / 2.
//
// The mirror of i is computed as N / 2 + (N / 2 - 1 - i), which equals N - 1 - i only when N
// is even. For odd N it is N - 2 - i: the first N - 1 elements are reversed among themselves
// and the last element never moves. Example 1 (N = 5) gives [4, 3, 2, 1, 5] instead of
// [5, 4, 3, 2, 1]; every even-length case passes.
#include <cuda_runtime.h>

__global__ void reverse_halves(float* input, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int half = N / 2;
  if (i < half) {
    const int j = half + (half - 1 - i);  // bug: off by one when N is odd
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
  reverse_halves<<<blocks, threads>>>(input, N);
  cudaDeviceSynchronize();
}
