// WRONG (RTE, "wrote outside"): one thread per input element, writing N outputs instead of N / 2.
//
// Thread i pairs input[i] with input[(i + N / 2) % N], so the first N / 2 outputs are right,
// but the threads of the second half store output[N / 2 .. N - 1], past the end of the
// N / 2-element output, into the judge's guard zone (example 1 already: output[2] and [3]).
#include <cuda_runtime.h>

__device__ __forceinline__ float gelu(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678f)); }

__global__ void geglu_full(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int half = N / 2;
  if (i < N) output[i] = input[i] * gelu(input[(i + half) % N]);  // bug: i < N / 2
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  geglu_full<<<(N + threads - 1) / threads, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
