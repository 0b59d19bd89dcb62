// One block: a single block of 1024 threads copies the flattened matrix with a block-stride loop.
//
// Correct for every N, but all N * N elements go through one SM with at most 1024 loads in
// flight, so every trip around the loop waits out a full DRAM latency. The other rungs spread
// the copy over the whole GPU.
#include <cuda_runtime.h>

__global__ void copy_one_block(const float* A, float* B, size_t total) {
  for (size_t i = threadIdx.x; i < total; i += blockDim.x) B[i] = A[i];
}

extern "C" void solve(const float* A, float* B, int N) {
  copy_one_block<<<1, 1024>>>(A, B, (size_t)N * N);
  cudaDeviceSynchronize();
}
