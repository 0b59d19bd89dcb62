// Construct: a kernel template whose arguments are compile-time constants from a namespace
// (cfg::kBlock) and from a macro (ITEMS_PER_THREAD). Host: vector-addition.
#include <cuda_runtime.h>

#define ITEMS_PER_THREAD 4

namespace cfg {
constexpr int kBlock = 256;
}

// Each thread adds ITEMS elements strided by BLOCK, so a block covers BLOCK * ITEMS elements
// with coalesced accesses.
template <int BLOCK, int ITEMS>
__global__ void add_items(const float* A, const float* B, float* C, int N) {
  const int base = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int i = base + k * BLOCK;
    if (i < N) C[i] = A[i] + B[i];
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  constexpr int per_block = cfg::kBlock * ITEMS_PER_THREAD;
  const int blocks = (N + per_block - 1) / per_block;
  add_items<cfg::kBlock, ITEMS_PER_THREAD><<<blocks, cfg::kBlock>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
