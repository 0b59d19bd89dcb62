#include <cuda_runtime.h>

// Q, cos_, sin_ and output are M x D row-major device buffers, D even.
__global__ void rope(const float* Q, const float* cos_, const float* sin_, float* output, int M, int D) {
  // Your turn: pick this thread's element i = m * D + j; if it exists, write
  // Q[i] * cos_[i] + r * sin_[i], where r is -Q[i + D / 2] in the first half of the row
  // (j < D / 2) and Q[i - D / 2] in the second half.
}

// Q, cos and sin are inputs even though the signature does not say const: leave them unchanged.
extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int total = M * D;
  const int threads = 256;
  rope<<<(total + threads - 1) / threads, threads>>>(Q, cos, sin, output, M, D);
  cudaDeviceSynchronize();
}
