// WRONG (WA, "was modified"): clips the input in place, then copies it to output.
//
// output ends up right, but input is an input buffer and the judge checks that it comes back
// unchanged.
#include <cuda_runtime.h>

__global__ void clip_in_place(float* data, float lo, float hi, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) data[i] = fminf(fmaxf(data[i], lo), hi);
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
  float* data = const_cast<float*>(input);
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  clip_in_place<<<blocks, threads>>>(data, lo, hi, N);
  cudaMemcpyAsync(output, data, sizeof(float) * (size_t)N, cudaMemcpyDeviceToDevice, 0);
  cudaDeviceSynchronize();
}
