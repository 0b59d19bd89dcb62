// Vectorized: one float4 (four elements) per thread, with a scalar tail. Declares N as size_t,
// the type the official harness passes; the judge accepts int, long or size_t for N.
//
// A 16-byte load or store is a single instruction, so the kernel issues a quarter of the memory
// instructions of the naive version and launches a quarter of the threads. cudaMalloc returns
// 256-byte aligned pointers, so viewing X and Y as float4 arrays is safe; the last N % 4
// elements do not fill a float4 and are handled one by one by the first threads. The arithmetic
// is the same accurate 1 / (1 + expf(-x)) as the naive version.
#include <cuda_runtime.h>

__device__ __forceinline__ float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

__global__ void sigmoid_vec4(const float* X, float* Y, size_t N) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const size_t n4 = N / 4;
  if (i < n4) {
    const float4 v = reinterpret_cast<const float4*>(X)[i];
    reinterpret_cast<float4*>(Y)[i] = make_float4(sigmoid(v.x), sigmoid(v.y), sigmoid(v.z), sigmoid(v.w));
  }
  const size_t tail = N - n4 * 4;  // 0 to 3 leftover elements
  if (i < tail) {
    const size_t j = n4 * 4 + i;
    Y[j] = sigmoid(X[j]);
  }
}

extern "C" void solve(const float* X, float* Y, size_t N) {
  const unsigned int threads = 256;
  const size_t n4 = N / 4;
  const size_t items = n4 > 0 ? n4 : 1;  // at least one block, for N < 4
  const unsigned int blocks = static_cast<unsigned int>((items + threads - 1) / threads);
  sigmoid_vec4<<<blocks, threads>>>(X, Y, N);
  cudaDeviceSynchronize();
}
