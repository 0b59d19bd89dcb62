// WRONG (WA, "never written"): a float4 kernel that forgets the scalar tail.
//
// Each thread handles one float4 and there are N / 4 of them, so when N is not a multiple of 4
// the last N % 4 elements of Y keep the garbage they started with. The first case that catches
// it is example 2 (N = 5: element 4).
#include <cuda_runtime.h>

__global__ void sigmoid_vec4(const float4* X, float4* Y, int n4) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    const float4 v = X[i];
    Y[i] = make_float4(1.0f / (1.0f + expf(-v.x)), 1.0f / (1.0f + expf(-v.y)),
                       1.0f / (1.0f + expf(-v.z)), 1.0f / (1.0f + expf(-v.w)));
  }
}

extern "C" void solve(const float* X, float* Y, int N) {
  const int threads = 256;
  const int blocks = (N + 4 * threads - 1) / (4 * threads);
  sigmoid_vec4<<<blocks, threads>>>(reinterpret_cast<const float4*>(X), reinterpret_cast<float4*>(Y), N / 4);
  cudaDeviceSynchronize();
}
