// WRONG (RTE, "wrote outside"): the bounds check uses <= instead of <.
//
// Thread N (which exists whenever N is not a multiple of the block size, e.g. N = 4) stores
// output[N], one element past the end of output, which lands in the judge's guard zone.
#include <cuda_runtime.h>

__global__ void relu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= N) output[i] = fmaxf(input[i], 0.0f);
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  relu_kernel<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
