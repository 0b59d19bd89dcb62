// WRONG (WA): applies SiLU to the second half and multiplies by the first, SiLU(x2) * x1.
//
// The product is not symmetric: the first half is the gate. Example 1 gives
// SiLU(0.5) * 2 = 0.62 instead of SiLU(2) * 0.5 = 0.88.
#include <cuda_runtime.h>

__global__ void swiglu_swapped(const float* input, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) {
    const float a = input[i];
    const float b = input[half + i];
    output[i] = b / (1.0f + expf(-b)) * a;
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int threads = 256;
  const int blocks = (half + threads - 1) / threads;
  swiglu_swapped<<<blocks, threads>>>(input, output, half);
  cudaDeviceSynchronize();
}
