// One pixel per thread, loaded and stored as a single uchar4.
//
// A pixel is 4 bytes and the buffer is 256-byte aligned, so every pixel can be moved with one
// 4-byte access: a quarter of the threads of the byte version, each doing one load and one
// store, and no idle alpha threads. A warp now moves 128 contiguous bytes per instruction.
#include <cuda_runtime.h>

__global__ void invert_pixels(uchar4* pixels, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    uchar4 p = pixels[i];
    p.x = static_cast<unsigned char>(255 - p.x);
    p.y = static_cast<unsigned char>(255 - p.y);
    p.z = static_cast<unsigned char>(255 - p.z);
    pixels[i] = p;  // p.w (alpha) unchanged
  }
}

extern "C" void solve(unsigned char* image, int width, int height) {
  const int count = width * height;
  const int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  invert_pixels<<<blocks, threads>>>(reinterpret_cast<uchar4*>(image), count);
  cudaDeviceSynchronize();
}
