// WRONG (WA): four pixels per thread with no tail.
//
// Each thread inverts one 16-byte group of four pixels and there are pixels / 4 groups, so when
// the pixel count is not a multiple of 4 the last pixels are left as they were. The image is
// modified in place, so those pixels still hold their (valid) input values and show up as plain
// mismatches -- example 1 has only two pixels and none of them is inverted.
#include <cuda_runtime.h>

__global__ void invert_vec4(uint4* quads, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    uint4 q = quads[i];
    q.x ^= 0x00FFFFFFu;
    q.y ^= 0x00FFFFFFu;
    q.z ^= 0x00FFFFFFu;
    q.w ^= 0x00FFFFFFu;
    quads[i] = q;
  }
}

extern "C" void solve(unsigned char* image, int width, int height) {
  const int pixels = width * height;
  const int threads = 256;
  const int blocks = (pixels + 4 * threads - 1) / (4 * threads);  // 4 pixels per thread
  invert_vec4<<<blocks, threads>>>(reinterpret_cast<uint4*>(image), pixels / 4);
  cudaDeviceSynchronize();
}
