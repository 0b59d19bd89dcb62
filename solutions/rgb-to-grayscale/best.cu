// Best: a block of 256 threads converts 1024 pixels. Their 3072 input floats come in as 768
// contiguous float4s (three per thread, all issued before the first is used), go through
// shared memory, and each thread converts four pixels and writes them as one float4.
//
// Every global access is a fully coalesced 16-byte load or store (a warp instruction covers 512
// contiguous bytes, against the 1.5 KB, 48-byte-strided spans of vectorized.cu), and each
// thread keeps three loads in flight. The shared reads are float4s at a 48-byte stride, which
// fall on distinct banks for every quarter warp. The last, partial block converts its pixels
// one by one. No device sync inside solve: the judge synchronises after the call.
#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 256;
constexpr int kPixels = 4 * kThreads;  // pixels per block

__device__ __forceinline__ float gray(float r, float g, float b) { return 0.299f * r + 0.587f * g + 0.114f * b; }

__global__ void __launch_bounds__(kThreads) grayscale_staged4(const float* input, float* output, int pixels) {
  __shared__ float4 rgb[3 * kThreads];  // 12 KB: the block's 1024 pixels
  const int p0 = blockIdx.x * kPixels;
  const int t = threadIdx.x;
  if (p0 + kPixels <= pixels) {  // the same branch for the whole block, so the barrier is safe
    const float4* src = reinterpret_cast<const float4*>(input + 3 * (size_t)p0);
    const float4 v0 = src[t];
    const float4 v1 = src[t + kThreads];
    const float4 v2 = src[t + 2 * kThreads];
    rgb[t] = v0;
    rgb[t + kThreads] = v1;
    rgb[t + 2 * kThreads] = v2;
    __syncthreads();
    const float4 a = rgb[3 * t], b = rgb[3 * t + 1], c = rgb[3 * t + 2];
    reinterpret_cast<float4*>(output + p0)[t] =
        make_float4(gray(a.x, a.y, a.z), gray(a.w, b.x, b.y), gray(b.z, b.w, c.x), gray(c.y, c.z, c.w));
  } else {
    for (int p = p0 + t; p < pixels; p += kThreads) output[p] = gray(input[3 * p], input[3 * p + 1], input[3 * p + 2]);
  }
}

}  // namespace

extern "C" void solve(const float* input, float* output, int width, int height) {
  const int pixels = width * height;
  grayscale_staged4<<<(pixels + kPixels - 1) / kPixels, kThreads>>>(input, output, pixels);
}
