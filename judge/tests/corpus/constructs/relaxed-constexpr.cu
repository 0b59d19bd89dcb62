// Construct: what nvcc accepts only with --expt-relaxed-constexpr, as LeetGPU does: fmax with an
// int and a float (std::fmax, a constexpr host template), sqrt of an int and std::max in device
// code. Host: relu.
#include <algorithm>
#include <cmath>

__global__ void relu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int one = static_cast<int>(sqrt(1));  // sqrt(int): 1
  if (i < N) output[i] = std::max(fmax(0, input[i]), 0.0) * one;
}

extern "C" void solve(const float* input, float* output, int N) {
  relu_kernel<<<(N + 255) / 256, 256>>>(input, output, N);
  cudaDeviceSynchronize();
}
