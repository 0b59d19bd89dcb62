// Accepted here as on LeetGPU (not a ladder rung): relies on the statement's layout of cos and
// sin, whose two halves of a row are equal (the angle of pair j sits at j and at j + D/2). One
// thread per pair reads cos[m][j] and sin[m][j] once and uses them for both outputs of the
// pair, never touching the second halves: a quarter less traffic than pair.cu, and wrong only
// for inputs the statement rules out.
#include <cuda_runtime.h>

__global__ void rope_first_half(const float* Q, const float* cos_, const float* sin_, float* output, int pairs, int D) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= pairs) return;
  const int h = D / 2;
  const int m = p / h, j = p % h;
  const int i = m * D + j;
  const float x1 = Q[i], x2 = Q[i + h];
  const float c = cos_[i], s = sin_[i];
  output[i] = x1 * c - x2 * s;
  output[i + h] = x2 * c + x1 * s;
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int pairs = M * (D / 2);
  const int threads = 256;
  rope_first_half<<<(pairs + threads - 1) / threads, threads>>>(Q, cos, sin, output, pairs, D);
  cudaDeviceSynchronize();
}
