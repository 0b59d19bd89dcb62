// Naive: one thread per output element. Thread i finds its token m = i / D and position
// j = i % D, reads its partner in the other half (j + D/2 or j - D/2) and writes
// Q * cos + (-partner or partner) * sin.
//
// Coalesced, and the partner's load hits the lines the neighbouring warp of the same row
// brings in, so DRAM sees each value about once; Q is still loaded twice per element.
#include <cuda_runtime.h>

__global__ void rope_naive(const float* Q, const float* cos_, const float* sin_, float* output, int total, int D) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total) return;
  const int h = D / 2;
  const int j = i % D;
  const float rotated = j < h ? -Q[i + h] : Q[i - h];
  output[i] = Q[i] * cos_[i] + rotated * sin_[i];
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int total = M * D;
  const int threads = 256;
  rope_naive<<<(total + threads - 1) / threads, threads>>>(Q, cos, sin, output, total, D);
  cudaDeviceSynchronize();
}
