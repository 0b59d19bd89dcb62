// WRONG (RTE, "wrote outside"): the 2-D kernel checks x <= width instead of x < width.
//
// The thread with x == width (which exists whenever width is not a multiple of 16, e.g. the
// 3 x 1 image of example 1) writes pixel y * width + width: the first pixel of the next row, and
// for the last row one element past the end of output, into the judge's guard zone.
#include <cuda_runtime.h>

__global__ void grayscale_2d(const float* input, float* output, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= width && y < height) {
    const int p = y * width + x;
    output[p] = 0.299f * input[3 * p] + 0.587f * input[3 * p + 1] + 0.114f * input[3 * p + 2];
  }
}

extern "C" void solve(const float* input, float* output, int width, int height) {
  const dim3 threads(16, 16);
  const dim3 blocks((width + 15) / 16, (height + 15) / 16);
  grayscale_2d<<<blocks, threads>>>(input, output, width, height);
  cudaDeviceSynchronize();
}
