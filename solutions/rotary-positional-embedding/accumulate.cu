// Accepted here as on LeetGPU (not a ladder rung): relies on the output starting at zero, which
// LeetGPU guarantees for this problem. Two launches add the two terms into output one after the
// other: output += Q * cos, then output += rotate_half(Q) * sin. Two read-modify-write passes
// over output instead of one write, so slower than naive.cu.
#include <cuda_runtime.h>

__global__ void add_cos_term(const float* Q, const float* cos_, float* output, int total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < total) output[i] += Q[i] * cos_[i];
}

__global__ void add_sin_term(const float* Q, const float* sin_, float* output, int total, int D) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total) return;
  const int h = D / 2;
  const float rotated = i % D < h ? -Q[i + h] : Q[i - h];
  output[i] += rotated * sin_[i];
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int total = M * D;
  const int threads = 256;
  const int blocks = (total + threads - 1) / threads;
  add_cos_term<<<blocks, threads>>>(Q, cos, output, total);
  add_sin_term<<<blocks, threads>>>(Q, sin, output, total, D);
  cudaDeviceSynchronize();
}
