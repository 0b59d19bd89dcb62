// WRONG (WA): inverts all four bytes of every pixel, alpha included.
//
// XOR with 0xFFFFFFFF instead of 0x00FFFFFF. Red, green and blue are right, but every alpha
// byte becomes 255 - alpha, so the judge reports mismatches at channel 3 of each pixel.
#include <cuda_runtime.h>

__global__ void invert_all(unsigned int* pixels, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) pixels[i] ^= 0xFFFFFFFFu;
}

extern "C" void solve(unsigned char* image, int width, int height) {
  const int count = width * height;
  const int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  invert_all<<<blocks, threads>>>(reinterpret_cast<unsigned int*>(image), count);
  cudaDeviceSynchronize();
}
