// Two passes, as if composing library kernels: the first writes SiLU(x1) to output, the second
// multiplies output by x2 in place.
//
// Each pass is a coalesced one-thread-per-output kernel, but output is written, read back and
// written again: 20 bytes of traffic per output instead of 12, about 1.7 times the naive time.
#include <cuda_runtime.h>

__global__ void silu_kernel(const float* x1, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) {
    const float x = x1[i];
    output[i] = x / (1.0f + expf(-x));
  }
}

__global__ void multiply_in_place(const float* x2, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) output[i] *= x2[i];
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int threads = 256;
  const int blocks = (half + threads - 1) / threads;
  silu_kernel<<<blocks, threads>>>(input, output, half);
  multiply_in_place<<<blocks, threads>>>(input + half, output, half);
  cudaDeviceSynchronize();
}
