// Naive: one thread per element, 256 threads per block.
//
// Thread i reads input[i] and writes it unchanged if it is positive, or 0.01f times it
// otherwise. The float product 0.01f * x is within about 1e-7 relative of the exact 0.01 * x,
// well inside the 1e-6 tolerance. Neighbouring threads touch neighbouring addresses, so every
// warp access is coalesced; this is the baseline for the wider accesses of the other versions.
#include <cuda_runtime.h>

__global__ void leaky_relu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : 0.01f * x;
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  leaky_relu_kernel<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
