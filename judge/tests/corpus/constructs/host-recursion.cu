// Construct: host helper functions and host recursion. reduce_level() sums each block of 1024
// values into one partial and calls itself on the partials until a single value is left, which
// lands in `output`. Host: reduction.
#include <cuda_runtime.h>

static const int kThreads = 256;
static const int kPerBlock = kThreads * 4;

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

__global__ void block_sums(const float* in, float* out, int n) {
  __shared__ float partial[kThreads];
  const int base = blockIdx.x * kPerBlock + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < 4; ++k) {
    const int i = base + k * kThreads;
    if (i < n) s += in[i];
  }
  partial[threadIdx.x] = s;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

// Writes the sum of in[0..n) to *result. `scratch` has room for every level's partials.
static void reduce_level(const float* in, int n, float* scratch, float* result) {
  const int blocks = ceil_div(n, kPerBlock);
  if (blocks == 1) {
    block_sums<<<1, kThreads>>>(in, result, n);
    return;
  }
  block_sums<<<blocks, kThreads>>>(in, scratch, n);
  reduce_level(scratch, blocks, scratch + blocks, result);
}

static int scratch_floats(int n) { return n <= kPerBlock ? 0 : ceil_div(n, kPerBlock) + scratch_floats(ceil_div(n, kPerBlock)); }

extern "C" void solve(const float* input, float* output, int N) {
  float* scratch = nullptr;
  const int floats = scratch_floats(N);
  if (floats > 0) cudaMalloc(&scratch, floats * sizeof(float));
  reduce_level(input, N, scratch, output);
  cudaDeviceSynchronize();
  cudaFree(scratch);
}
