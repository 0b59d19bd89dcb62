// One block per SM: as many 256-thread blocks as the GPU has SMs, each walking the pairs with a
// grid-stride loop.
//
// Every SM gets work, but only 8 warps each, an eighth of full occupancy, so the SMs cannot
// keep enough loads in flight to stream at the memory's speed.
#include <cuda_runtime.h>

__global__ void rope_grid_sms(const float* Q, const float* cos_, const float* sin_, float* output, int pairs, int h) {
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < pairs; p += gridDim.x * blockDim.x) {
    const int m = p / h, j = p - m * h;
    const int i = m * 2 * h + j;  // first half; the partner is i + h
    const float x1 = Q[i], x2 = Q[i + h];
    output[i] = x1 * cos_[i] - x2 * sin_[i];
    output[i + h] = x2 * cos_[i + h] + x1 * sin_[i + h];
  }
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  static int sms = 0;
  if (sms == 0) {
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  }
  rope_grid_sms<<<sms, 256>>>(Q, cos, sin, output, M * (D / 2), D / 2);
  cudaDeviceSynchronize();
}
