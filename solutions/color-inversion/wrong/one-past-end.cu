// WRONG (RTE, "wrote outside"): the pixel bound uses <= instead of <.
//
// Thread `count` exists whenever the pixel count is not a multiple of 256 (example 1 has 2
// pixels); it reads the 4 bytes just after the image, "inverts" them and writes them back,
// changing the judge's guard zone behind the buffer.
#include <cuda_runtime.h>

__global__ void invert_pixels(uchar4* pixels, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= count) {
    uchar4 p = pixels[i];
    p.x = static_cast<unsigned char>(255 - p.x);
    p.y = static_cast<unsigned char>(255 - p.y);
    p.z = static_cast<unsigned char>(255 - p.z);
    pixels[i] = p;
  }
}

extern "C" void solve(unsigned char* image, int width, int height) {
  const int count = width * height;
  const int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  invert_pixels<<<blocks, threads>>>(reinterpret_cast<uchar4*>(image), count);
  cudaDeviceSynchronize();
}
