// Naive: one thread per element, 256 threads per block, the clamp written as two comparisons.
//
// Thread i reads input[i] once and writes lo, hi or the value itself to output[i]. Neighbouring
// threads touch neighbouring addresses, so every warp access is coalesced; the faster versions
// move more bytes per instruction and keep more loads in flight per thread.
#include <cuda_runtime.h>

__global__ void clip_kernel(const float* input, float* output, float lo, float hi, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float x = input[i];
    float y = x;
    if (x < lo) {
      y = lo;
    } else if (x > hi) {
      y = hi;
    }
    output[i] = y;
  }
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  clip_kernel<<<blocks, threads>>>(input, output, lo, hi, N);
  cudaDeviceSynchronize();
}
