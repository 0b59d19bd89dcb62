// Naive: one thread per element, 256 threads per block, x * sigmoid(x) with expf.
//
// Thread i reads input[i], computes its sigmoid 1 / (1 + expf(-x)) and writes x times it to
// output[i]. Every warp access is coalesced; the faster versions move more bytes per
// instruction and use cheaper exponential and division instructions.
#include <cuda_runtime.h>

__global__ void silu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float x = input[i];
    const float sigmoid = 1.0f / (1.0f + expf(-x));
    output[i] = x * sigmoid;
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  silu_kernel<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
