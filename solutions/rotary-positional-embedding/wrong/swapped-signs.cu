// WRONG (WA): rotate_half written as [x2, -x1] instead of [-x2, x1], i.e. a rotation by the
// opposite angle. Example 1 gives 3 instead of -1.8 for its first output.
#include <cuda_runtime.h>

__global__ void rope_swapped(const float* Q, const float* cos_, const float* sin_, float* output, int total, int D) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total) return;
  const int h = D / 2;
  const int j = i % D;
  const float rotated = j < h ? Q[i + h] : -Q[i - h];
  output[i] = Q[i] * cos_[i] + rotated * sin_[i];
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int total = M * D;
  rope_swapped<<<(total + 255) / 256, 256>>>(Q, cos, sin, output, total, D);
  cudaDeviceSynchronize();
}
