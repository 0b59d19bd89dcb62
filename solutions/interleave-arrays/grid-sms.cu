// One block per SM: as many 256-thread blocks as the GPU has SMs, and a grid-stride loop.
//
// Every SM now works, but with 8 resident warps each out of a possible 64, so the loads in
// flight cover only a fraction of DRAM latency: several times faster than grid-32, several
// times slower than a grid with one thread per pair.
#include <cuda_runtime.h>

__global__ void interleave_grid_stride(const float* A, const float* B, float* output, int N) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += stride) {
    output[2 * i] = A[i];
    output[2 * i + 1] = B[i];
  }
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

extern "C" void solve(const float* A, const float* B, float* output, int N) {
  interleave_grid_stride<<<sm_count(), 256>>>(A, B, output, N);
  cudaDeviceSynchronize();
}
