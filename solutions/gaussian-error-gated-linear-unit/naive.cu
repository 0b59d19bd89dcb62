// Naive: one thread per output, 256 threads per block.
//
// Thread i reads x1[i] = input[i] and x2[i] = input[N / 2 + i] and writes x1 * GELU(x2), with
// GELU(x) = 0.5 x (1 + erf(x / sqrt 2)). Neighbouring threads touch neighbouring addresses in
// both halves, so every warp access is coalesced; the faster rungs move more bytes per
// instruction and per thread.
#include <cuda_runtime.h>

__global__ void geglu_kernel(const float* input, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) {
    const float x = input[half + i];
    output[i] = input[i] * (0.5f * x * (1.0f + erff(x * 0.70710678f)));
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int threads = 256;
  const int blocks = (half + threads - 1) / threads;
  geglu_kernel<<<blocks, threads>>>(input, output, half);
  cudaDeviceSynchronize();
}
