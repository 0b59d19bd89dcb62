// WRONG (WA): starts with B: output[2i] = B[i], output[2i + 1] = A[i].
//
// Every element is written and nothing outside output is touched, but each pair is swapped:
// example 1 gives [4, 1, 5, 2, 6, 3] instead of [1, 4, 2, 5, 3, 6].
#include <cuda_runtime.h>

__global__ void interleave_swapped(const float* A, const float* B, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) reinterpret_cast<float2*>(output)[i] = make_float2(B[i], A[i]);
}

extern "C" void solve(const float* A, const float* B, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  interleave_swapped<<<blocks, threads>>>(A, B, output, N);
  cudaDeviceSynchronize();
}
