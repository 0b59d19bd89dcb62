// Construct: libcu++ (cuda::std) in device code: cuda::std::array, cuda::std::pair,
// cuda::std::numeric_limits and cuda::std::plus, each from its <cuda/std/...> header, which the
// host half keeps too (g++ compiles libcu++ as well). Leaky relu with its slope in a
// cuda::std::array and each input classified into a cuda::std::pair. Host: leaky-relu.
#include <cuda/std/array>
#include <cuda/std/functional>
#include <cuda/std/limits>
#include <cuda/std/utility>
#include <cuda_runtime.h>

__device__ cuda::std::pair<bool, float> classify(float x) {
  return {x > 0.0f, x};
}

__global__ void leaky_relu_std(const float* input, float* output, int N) {
  constexpr cuda::std::array<float, 2> slope = {0.01f, 1.0f};
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const auto [positive, x] = classify(input[i]);
  // A finite input stays finite; the limits only bound it here.
  const float bounded = x < cuda::std::numeric_limits<float>::lowest() ? x : cuda::std::plus<float>()(x, 0.0f);
  output[i] = positive ? bounded : slope[0] * bounded;
}

extern "C" void solve(const float* input, float* output, int N) {
  const cuda::std::pair<int, int> launch{(N + 255) / 256, 256};
  leaky_relu_std<<<launch.first, launch.second>>>(input, output, N);
  cudaDeviceSynchronize();
}
