// WRONG (RTE, "wrote outside"): the float4 count rounds up instead of down.
//
// With n4 = (N + 3) / 4, the last thread stores a whole float4 even when only N % 4 elements of
// it exist, writing up to three floats past the end of Y into the judge's guard zone. Example 1
// (N = 4) is fine; example 2 (N = 5) writes Y[5], Y[6] and Y[7].
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
  const int n4 = (N + 3) / 4;  // bug: counts a partial float4 as a whole one
  const int threads = 256;
  const int blocks = (n4 + threads - 1) / threads;
  sigmoid_vec4<<<blocks, threads>>>(reinterpret_cast<const float4*>(X), reinterpret_cast<float4*>(Y), n4);
  cudaDeviceSynchronize();
}
