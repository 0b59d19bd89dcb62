// float2: one float2 (two elements) per thread, plus the last element when N is odd.
//
// Twice the bytes per load instruction of naive and half the threads, and each thread has two
// independent exponentials to overlap, so more data is in flight per resident warp. best goes on
// to four float4s per thread and the hardware exponential.
#include <cuda_runtime.h>

__device__ __forceinline__ float silu(float x) { return x / (1.0f + expf(-x)); }

__global__ void silu_vec2(const float* input, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int n2 = N / 2;
  if (i < n2) {
    const float2 v = reinterpret_cast<const float2*>(input)[i];
    reinterpret_cast<float2*>(output)[i] = make_float2(silu(v.x), silu(v.y));
  }
  if (i == 0 && (N & 1)) output[N - 1] = silu(input[N - 1]);
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int n2 = N / 2;
  const int items = n2 > 0 ? n2 : 1;  // at least one block, for N = 1
  const int blocks = (items + threads - 1) / threads;
  silu_vec2<<<blocks, threads>>>(input, output, N);
  cudaDeviceSynchronize();
}
