// One block, vectorized: a single block of 1024 threads, four pixels per thread per trip (three
// float4 loads of input, one float4 store), and a scalar tail for the last pixels % 4 pixels.
//
// Still one SM, but each thread now has three 16-byte loads in flight instead of three 4-byte
// ones, so about four times the bytes are in flight: several times faster than one-block,
// still far from a full grid.
#include <cuda_runtime.h>

__device__ __forceinline__ float gray(float r, float g, float b) { return 0.299f * r + 0.587f * g + 0.114f * b; }

__global__ void grayscale_one_block_vec4(const float* input, float* output, int pixels) {
  const float4* in4 = reinterpret_cast<const float4*>(input);
  float4* out4 = reinterpret_cast<float4*>(output);
  const int n4 = pixels / 4;  // groups of four pixels: 12 floats in, 4 out
  for (int q = threadIdx.x; q < n4; q += blockDim.x) {
    const float4 a = in4[3 * q], b = in4[3 * q + 1], c = in4[3 * q + 2];
    out4[q] = make_float4(gray(a.x, a.y, a.z), gray(a.w, b.x, b.y), gray(b.z, b.w, c.x), gray(c.y, c.z, c.w));
  }
  const int p = n4 * 4 + threadIdx.x;  // the 0 to 3 pixels after the last group
  if (p < pixels) output[p] = gray(input[3 * p], input[3 * p + 1], input[3 * p + 2]);
}

extern "C" void solve(const float* input, float* output, int width, int height) {
  grayscale_one_block_vec4<<<1, 1024>>>(input, output, width * height);
  cudaDeviceSynchronize();
}
