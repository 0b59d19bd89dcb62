// WRONG (WA): rotates neighbouring elements (2k, 2k + 1) together, the "interleaved" RoPE of the
// original paper and GPT-J, instead of element j with element j + D/2 (the "rotate half" form
// this task uses, as in GPT-NeoX and Llama). With D = 2 both layouts pair the same two elements,
// so example 2 passes; example 1 (D = 4) fails.
#include <cuda_runtime.h>

__global__ void rope_interleaved(const float* Q, const float* cos_, const float* sin_, float* output, int total) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total) return;
  const float rotated = (i % 2 == 0) ? -Q[i + 1] : Q[i - 1];
  output[i] = Q[i] * cos_[i] + rotated * sin_[i];
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int total = M * D;
  rope_interleaved<<<(total + 255) / 256, 256>>>(Q, cos, sin, output, total);
  cudaDeviceSynchronize();
}
