// Construct: <climits> and CUB's umbrella header <cub/cub.cuh> in one file, using block-level CUB
// only. Under NVRTC the judge's <climits> shim and CCCL's <cuda/std/climits> both define
// SHRT_MIN and the rest (a warning in CUDA's headers, not the user's), and the umbrella header
// pulls in the device-wide algorithms, which NVRTC cannot compile: the engine gives NVRTC the
// umbrella without them. Block sums, one atomicAdd per block. Host: reduction.
#include <climits>
#include <cub/cub.cuh>
#include <cuda_runtime.h>

constexpr int kThreads = 256;

__global__ void block_sums(const float* input, float* output, int N) {
  using BlockReduce = cub::BlockReduce<float, kThreads>;
  __shared__ typename BlockReduce::TempStorage storage;
  float s = 0.0f;
  // The index stays below INT_MAX: N is an int, and the stride is added only while it fits.
  const int stride = gridDim.x * kThreads;
  for (int i = blockIdx.x * kThreads + threadIdx.x; i < N; i = i <= INT_MAX - stride ? i + stride : N) s += input[i];
  const float block_total = BlockReduce(storage).Sum(s);
  if (threadIdx.x == 0) atomicAdd(output, block_total);
}

extern "C" void solve(const float* input, float* output, int N) {
  cudaMemset(output, 0, sizeof(float));
  int blocks = (N + kThreads - 1) / kThreads;
  if (blocks > SHRT_MAX / 16) blocks = SHRT_MAX / 16;  // 2047 blocks at most
  block_sums<<<blocks, kThreads>>>(input, output, N);
  cudaDeviceSynchronize();
}
