// Construct: min and max called in host code (solve) without any include: nvcc's host side
// declares them for int, unsigned, long long, float and double arguments (crt/math_functions.h),
// so `max(1, ...)` and `min(256, N)` compile there. A grid-stride relu on at most 4096 blocks.
// Host: relu.
#include <cuda_runtime.h>

__global__ void relu_strided(const float* input, float* output, int N) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
    output[i] = max(input[i], 0.0f);
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = min(256, max(32, N));
  const unsigned blocks = min(max(1, (N + threads - 1) / threads), 4096u);
  const float spare = max(0.5f, 0.25f) + min(1.0, 2.0);  // the float and double overloads
  relu_strided<<<blocks, threads + static_cast<int>(spare) - 1>>>(input, output, N);
  cudaDeviceSynchronize();
}
