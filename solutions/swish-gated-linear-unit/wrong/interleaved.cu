// WRONG (WA): reads the halves as interleaved pairs, x1 = input[2i] and x2 = input[2i + 1].
//
// Some SwiGLU layouts interleave gate and value; this one splits the vector into two contiguous
// halves. Example 1 (input [2, -1, 0.5, 4]) pairs 2 with -1 instead of 2 with 0.5.
#include <cuda_runtime.h>

__global__ void swiglu_pairs(const float* input, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) {
    const float a = input[2 * i];
    const float b = input[2 * i + 1];
    output[i] = a / (1.0f + expf(-a)) * b;
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int threads = 256;
  const int blocks = (half + threads - 1) / threads;
  swiglu_pairs<<<blocks, threads>>>(input, output, half);
  cudaDeviceSynchronize();
}
