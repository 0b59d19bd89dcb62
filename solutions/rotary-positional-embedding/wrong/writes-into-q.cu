// WRONG (WA, "was modified"): the official signature passes Q without const, and this solution
// uses it as scratch: it rotates Q in place (each thread owns a pair, so there is no race) and
// then copies Q into output. The output is right, but Q is an input and must be left as it was.
#include <cuda_runtime.h>

__global__ void rope_in_place(float* Q, const float* cos_, const float* sin_, int pairs, int h) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= pairs) return;
  const int m = p / h, j = p - m * h;
  const int i = m * 2 * h + j;
  const float x1 = Q[i], x2 = Q[i + h];
  Q[i] = x1 * cos_[i] - x2 * sin_[i];
  Q[i + h] = x2 * cos_[i + h] + x1 * sin_[i + h];
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int pairs = M * (D / 2);
  rope_in_place<<<(pairs + 255) / 256, 256>>>(Q, cos, sin, pairs, D / 2);
  cudaMemcpy(output, Q, sizeof(float) * (size_t)M * D, cudaMemcpyDeviceToDevice);
  cudaDeviceSynchronize();
}
