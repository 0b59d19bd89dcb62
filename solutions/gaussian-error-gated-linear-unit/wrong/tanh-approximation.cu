// WRONG (WA): uses the tanh approximation of GELU instead of the exact erf form.
//
// 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))) is within 5e-4 of x * Phi(x), good enough
// for many models but not here: x1 (up to 100 in magnitude) multiplies the difference. In
// example 1, output[0] = 3 * GELU(1) comes out as 2.5235760 instead of 2.5240342, an error of
// 4.6e-4 against an allowed 1e-4 + 1e-4 * 2.524 = 3.5e-4.
#include <cuda_runtime.h>

__device__ __forceinline__ float gelu_tanh(float x) {
  const float k = 0.7978845608f;  // sqrt(2 / pi)
  return 0.5f * x * (1.0f + tanhf(k * (x + 0.044715f * x * x * x)));
}

__global__ void geglu_tanh(const float* input, float* output, int half) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) output[i] = input[i] * gelu_tanh(input[half + i]);
}

extern "C" void solve(const float* input, float* output, int N) {
  const int half = N / 2;
  const int threads = 256;
  geglu_tanh<<<(half + threads - 1) / threads, threads>>>(input, output, half);
  cudaDeviceSynchronize();
}
