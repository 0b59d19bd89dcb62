// WRONG (WA): a warm-up launch left in solve().
//
// Launching a kernel once before the "real" launch is harmless for an out-of-place problem,
// but this one works in place and inversion is its own inverse: the second launch undoes the
// first and the image comes back unchanged. Every byte is written and nothing goes out of
// bounds, so the judge reports plain mismatches.
#include <cuda_runtime.h>

__global__ void invert_pixels(unsigned int* pixels, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) pixels[i] ^= 0x00FFFFFFu;
}

extern "C" void solve(unsigned char* image, int width, int height) {
  const int count = width * height;
  const int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  unsigned int* pixels = reinterpret_cast<unsigned int*>(image);
  invert_pixels<<<blocks, threads>>>(pixels, count);  // "warm-up"
  invert_pixels<<<blocks, threads>>>(pixels, count);
  cudaDeviceSynchronize();
}
