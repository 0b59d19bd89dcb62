// One thread per pixel, three separate byte accesses: image[4i], image[4i + 1] and image[4i + 2]
// each read, inverted and written back in turn.
//
// A warp's first load covers its 128 bytes of pixels, like pixel's uchar4 load, but each thread
// then waits for two more dependent byte loads behind its own stores, and issues three times
// the memory instructions: slower than pixel, faster than one thread per byte.
#include <cuda_runtime.h>

__global__ void invert_channels(unsigned char* image, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    const int base = i * 4;  // at most 4 * (8192 * 8192 - 1): fits in an int
    image[base] = static_cast<unsigned char>(255 - image[base]);
    image[base + 1] = static_cast<unsigned char>(255 - image[base + 1]);
    image[base + 2] = static_cast<unsigned char>(255 - image[base + 2]);
  }
}

extern "C" void solve(unsigned char* image, int width, int height) {
  const int count = width * height;
  const int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  invert_channels<<<blocks, threads>>>(image, count);
  cudaDeviceSynchronize();
}
