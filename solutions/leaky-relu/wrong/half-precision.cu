// WRONG (WA): computes in half precision to "save bandwidth in registers".
//
// Converting each value to __half keeps only 11 significant bits, a relative error of up to
// about 5e-4, far outside this challenge's 1e-6 tolerance: even positive inputs, which should
// pass through exactly, come back rounded. The formula is right and every element is written,
// so the judge reports plain mismatches (example 1 already differs: 0.01 in half is 0.010002,
// so -2 gives about -0.020004).
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void leaky_relu_half(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    const __half x = __float2half(input[i]);
    const __half zero = __float2half(0.0f);
    const __half slope = __float2half(0.01f);
    output[i] = __half2float(__hgt(x, zero) ? x : __hmul(slope, x));
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  leaky_relu_half<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
