// <cstdint> (uintptr_t for an alignment test) together with <cooperative_groups.h>, whose CCCL
// headers declare the same integer types under NVRTC: both must compile, in this order.
#include <cstdint>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void block_sums(const float* input, float* partial, int N) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < N ? input[i] : 0.0f;
  block.sync();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    block.sync();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

__global__ void final_sum(const float* partial, float* output, int count) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    double total = 0.0;
    for (int i = 0; i < count; ++i) total += partial[i];
    output[0] = static_cast<float>(total);
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int blocks = (N + 255) / 256;
  const bool aligned = reinterpret_cast<std::uintptr_t>(input) % 16 == 0;
  (void)aligned;
  float* partial = nullptr;
  cudaMalloc(&partial, blocks * sizeof(float));
  block_sums<<<blocks, 256>>>(input, partial, N);
  final_sum<<<1, 1>>>(partial, output, blocks);
  cudaFree(partial);
}
