// Vectorized: four pixels per thread, read as three float4s (R0 G0 B0 R1 | G1 B1 R2 G2 |
// B2 R3 G3 B3) and written as one float4, with a scalar tail.
//
// Four pixels are 48 bytes, so the input of pixels 4q .. 4q + 3 starts on a 16-byte boundary and
// a thread's loads and store are all 16 bytes wide: a third of the load instructions of the
// naive kernel and a quarter of the stores. A warp's three loads each span 1.5 KB with a
// 48-byte stride; together they use every byte, the lines staying in L1 between them.
#include <cuda_runtime.h>

__device__ __forceinline__ float gray(float r, float g, float b) { return 0.299f * r + 0.587f * g + 0.114f * b; }

__global__ void grayscale_vec4(const float* input, float* output, int pixels) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  const int n4 = pixels / 4;
  if (q < n4) {
    const float4* in4 = reinterpret_cast<const float4*>(input);
    const float4 a = in4[3 * q], b = in4[3 * q + 1], c = in4[3 * q + 2];
    reinterpret_cast<float4*>(output)[q] =
        make_float4(gray(a.x, a.y, a.z), gray(a.w, b.x, b.y), gray(b.z, b.w, c.x), gray(c.y, c.z, c.w));
  }
  const int tail = pixels - n4 * 4;  // 0 to 3 leftover pixels
  if (q < tail) {
    const int p = n4 * 4 + q;
    output[p] = gray(input[3 * p], input[3 * p + 1], input[3 * p + 2]);
  }
}

extern "C" void solve(const float* input, float* output, int width, int height) {
  const int pixels = width * height;
  const int threads = 256;
  const int n4 = pixels / 4;
  const int items = n4 > 0 ? n4 : 1;  // at least one block, for fewer than 4 pixels
  grayscale_vec4<<<(items + threads - 1) / threads, threads>>>(input, output, pixels);
  cudaDeviceSynchronize();
}
