// One block per SM: as many 256-thread blocks as the GPU has SMs, and a flat grid-stride loop.
//
// Every SM works and every access is coalesced, but each SM holds 8 warps out of a possible 64,
// so the loads in flight cover only part of DRAM latency: several times faster than grid-32 and
// column-major, several times slower than a grid with one thread per element.
#include <cuda_runtime.h>

__global__ void add_grid_stride(const float* A, const float* B, float* C, int total) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < total; i += stride) C[i] = A[i] + B[i];
}

static int sm_count() {
  static int sms = 0;
  if (sms == 0) {
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (sms < 1) sms = 1;
  }
  return sms;
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  add_grid_stride<<<sm_count(), 256>>>(A, B, C, N * N);
  cudaDeviceSynchronize();
}
