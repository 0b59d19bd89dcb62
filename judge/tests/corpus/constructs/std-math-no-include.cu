// Construct: std::exp, std::abs, std::max and std::numeric_limits in device code without any
// include: nvcc's device side sees the host <cmath>, <algorithm> and <limits> through
// cuda_runtime.h (and lets device code call their constexpr functions). Sigmoid computed as
// e / (1 + e) with e = exp(-|x|), stable for either sign. Host: sigmoid-activation.
__global__ void sigmoid_std(const float* X, float* Y, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const float x = std::max(X[i], -std::numeric_limits<float>::max());
  const float e = std::exp(-std::abs(x));
  Y[i] = x >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

extern "C" void solve(const float* X, float* Y, int N) {
  sigmoid_std<<<(N + 255) / 256, 256>>>(X, Y, N);
  cudaDeviceSynchronize();
}
