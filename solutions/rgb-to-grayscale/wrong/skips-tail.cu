// WRONG (WA): four pixels per thread without the scalar tail.
//
// There are pixels / 4 groups of four, so when the pixel count is not a multiple of 4 the last
// pixels % 4 outputs keep the zeros the output starts with. Example 1 (3 pixels) has no complete
// group at all: its whole output stays 0, right only for the black pixel.
#include <cuda_runtime.h>

__device__ __forceinline__ float gray(float r, float g, float b) { return 0.299f * r + 0.587f * g + 0.114f * b; }

__global__ void grayscale_vec4(const float4* input, float4* output, int n4) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q < n4) {
    const float4 a = input[3 * q], b = input[3 * q + 1], c = input[3 * q + 2];
    output[q] = make_float4(gray(a.x, a.y, a.z), gray(a.w, b.x, b.y), gray(b.z, b.w, c.x), gray(c.y, c.z, c.w));
  }
}

extern "C" void solve(const float* input, float* output, int width, int height) {
  const int pixels = width * height;
  const int threads = 256;
  const int blocks = (pixels + 4 * threads - 1) / (4 * threads);
  grayscale_vec4<<<blocks, threads>>>(reinterpret_cast<const float4*>(input), reinterpret_cast<float4*>(output),
                                      pixels / 4);
  cudaDeviceSynchronize();
}
