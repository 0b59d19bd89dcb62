// WRONG (WA): the integer shortcut (77 R + 150 G + 29 B) / 256 instead of the exact weights.
//
// 77 / 256, 150 / 256 and 29 / 256 are 0.30078, 0.58594 and 0.11328: fine for 8-bit video,
// but here each output is compared with 0.299 R + 0.587 G + 0.114 B within 1e-5 relative. White
// and black still come out right, red does not: in example 1 the third pixel is 76.699 instead
// of 76.245.
#include <cuda_runtime.h>

__global__ void grayscale_fixed_point(const float* input, float* output, int pixels) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < pixels) {
    const float r = input[3 * p], g = input[3 * p + 1], b = input[3 * p + 2];
    output[p] = (77.0f * r + 150.0f * g + 29.0f * b) / 256.0f;
  }
}

extern "C" void solve(const float* input, float* output, int width, int height) {
  const int pixels = width * height;
  const int threads = 256;
  grayscale_fixed_point<<<(pixels + threads - 1) / threads, threads>>>(input, output, pixels);
  cudaDeviceSynchronize();
}
