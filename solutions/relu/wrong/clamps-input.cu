// WRONG (WA, "was modified"): clamps the input in place, then copies it to the output.
//
// output ends up correct, but input is an input buffer and the judge checks that it comes back
// unchanged: its negative values are now zeros. (The const is cast away to do this, which the
// compiler accepts and the judge catches.)
#include <cuda_runtime.h>

__global__ void relu_in_place(float* data, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N && data[i] < 0.0f) data[i] = 0.0f;
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  relu_in_place<<<blocks, threads>>>(const_cast<float*>(input), N);
  cudaMemcpy(output, input, static_cast<size_t>(N) * sizeof(float), cudaMemcpyDeviceToDevice);
  cudaDeviceSynchronize();
}
