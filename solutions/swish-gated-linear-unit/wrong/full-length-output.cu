// WRONG (RTE, "wrote outside"): one thread per input element, as if output had N elements.
//
// Threads i >= N / 2 compute a meaningless product and store output[i], past the end of the
// N / 2-element output, into the judge's guard zone. Example 1 (N = 4) writes output[2] and
// output[3].
#include <cuda_runtime.h>

__global__ void swiglu_kernel(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int half = N / 2;
  if (i < N) {
    const float a = input[i];
    const float b = input[(i + half) % N];
    output[i] = a / (1.0f + expf(-a)) * b;
  }
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  swiglu_kernel<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
