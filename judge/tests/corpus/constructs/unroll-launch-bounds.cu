// Construct: #pragma unroll with a template constant (`#pragma unroll ITEMS`) and plain, and
// __launch_bounds__ with a template argument and with a minimum block count, on a kernel template
// launched with namespace constants. Each thread handles ITEMS elements a block apart. Host: relu.
#include <cuda_runtime.h>

constexpr int kBlock = 256;
constexpr int kItems = 4;

template <int BLOCK, int ITEMS>
__global__ void __launch_bounds__(BLOCK, 2) relu_items(const float* input, float* output, int N) {
  float v[ITEMS];
  const int base = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll ITEMS
  for (int k = 0; k < ITEMS; ++k) {
    const int i = base + k * BLOCK;
    v[k] = i < N ? input[i] : 0.0f;
  }
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int i = base + k * BLOCK;
    if (i < N) output[i] = v[k] > 0.0f ? v[k] : 0.0f;
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int per_block = kBlock * kItems;
  relu_items<kBlock, kItems><<<(N + per_block - 1) / per_block, kBlock>>>(input, output, N);
  cudaDeviceSynchronize();
}
