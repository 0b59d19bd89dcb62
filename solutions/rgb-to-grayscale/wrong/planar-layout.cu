// WRONG (WA): reads the image as three planes (all R values, then all G, then all B) instead of
// interleaved RGB triples.
//
// input[p], input[pixels + p] and input[2 * pixels + p] are all inside input and every output is
// written, so the judge reports plain mismatches: in example 1 the first pixel is taken as
// (255, 0, 255) and comes out as 105.315 instead of 255.
#include <cuda_runtime.h>

__global__ void grayscale_planar(const float* input, float* output, int pixels) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < pixels) {
    const float r = input[p], g = input[pixels + p], b = input[2 * pixels + p];
    output[p] = 0.299f * r + 0.587f * g + 0.114f * b;
  }
}

extern "C" void solve(const float* input, float* output, int width, int height) {
  const int pixels = width * height;
  const int threads = 256;
  grayscale_planar<<<(pixels + threads - 1) / threads, threads>>>(input, output, pixels);
  cudaDeviceSynchronize();
}
