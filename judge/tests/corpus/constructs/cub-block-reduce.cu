// Construct: block-level CUB. cub::BlockReduce sums each thread's grid-stride partial within the
// block; one atomicAdd per block. Host: reduction.
#include <cub/block/block_reduce.cuh>
#include <cuda_runtime.h>

static const int kThreads = 256;

__global__ void block_reduce_sum(const float* input, float* output, int N) {
  using BlockReduce = cub::BlockReduce<float, kThreads>;
  __shared__ typename BlockReduce::TempStorage storage;
  float s = 0.0f;
  for (int i = blockIdx.x * kThreads + threadIdx.x; i < N; i += gridDim.x * kThreads) s += input[i];
  const float block_total = BlockReduce(storage).Sum(s);
  if (threadIdx.x == 0) atomicAdd(output, block_total);
}

extern "C" void solve(const float* input, float* output, int N) {
  cudaMemset(output, 0, sizeof(float));
  int blocks = (N + kThreads - 1) / kThreads;
  if (blocks > 2048) blocks = 2048;
  block_reduce_sum<<<blocks, kThreads>>>(input, output, N);
  cudaDeviceSynchronize();
}
