// Small fixed grid: 32 blocks of 256 threads walk every element with a grid-stride loop, one
// element per trip (the naive kernel's body).
//
// Coalesced, but only 32 SMs get work, each with 8 warps, and each trip waits for its loads
// before the next begins: far too few bytes in flight for a 2 GB stream.
#include <cuda_runtime.h>

__global__ void rope_grid_stride(const float* Q, const float* cos_, const float* sin_, float* output, int total,
                                 int D) {
  const int h = D / 2;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < total; i += gridDim.x * blockDim.x) {
    const int j = i % D;
    const float rotated = j < h ? -Q[i + h] : Q[i - h];
    output[i] = Q[i] * cos_[i] + rotated * sin_[i];
  }
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  rope_grid_stride<<<32, 256>>>(Q, cos, sin, output, M * D, D);
  cudaDeviceSynchronize();
}
