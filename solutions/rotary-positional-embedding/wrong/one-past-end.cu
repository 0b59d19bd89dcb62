// WRONG (RTE, "wrote outside"): the bounds check is i <= M * D instead of i < M * D, so the
// thread with i = M * D computes a value from the guard zones past the inputs and stores
// output[M * D], one element past the end (example 1: output[8]).
#include <cuda_runtime.h>

__global__ void rope_off_by_one(const float* Q, const float* cos_, const float* sin_, float* output, int total, int D) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > total) return;
  const int h = D / 2;
  const int j = i % D;
  const float rotated = j < h ? -Q[i + h] : Q[i - h];
  output[i] = Q[i] * cos_[i] + rotated * sin_[i];
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int total = M * D;
  rope_off_by_one<<<(total + 1 + 255) / 256, 256>>>(Q, cos, sin, output, total, D);
  cudaDeviceSynchronize();
}
