// Chunked: each thread swaps a contiguous run of 32 pairs, one after another.
//
// It reads naturally ("thread t owns pairs 32t .. 32t + 31") but breaks coalescing: at any moment
// the 32 threads of a warp touch 32 addresses 128 bytes apart on each side, so every warp access
// needs 32 separate memory transactions of which 4 bytes each are used. Caches recover part of
// the waste for the loads, the scattered 4-byte stores cost full transactions.
#include <cuda_runtime.h>

constexpr int kChunk = 32;  // pairs per thread

__global__ void reverse_chunked(float* input, int N) {
  const int pairs = N / 2;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int begin = t * kChunk;
  const int end = min(begin + kChunk, pairs);
  for (int i = begin; i < end; ++i) {
    const int j = N - 1 - i;
    const float left = input[i];
    const float right = input[j];
    input[i] = right;
    input[j] = left;
  }
}

extern "C" void solve(float* input, int N) {
  const int pairs = N / 2;
  if (pairs == 0) return;  // N = 1: nothing to swap, and a 0-block launch would be an error
  const int threads = 256;
  const int workers = (pairs + kChunk - 1) / kChunk;
  const int blocks = (workers + threads - 1) / threads;
  reverse_chunked<<<blocks, threads>>>(input, N);
  cudaDeviceSynchronize();
}
