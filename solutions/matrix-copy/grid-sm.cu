// One block per SM: as many 256-thread blocks as the GPU has SMs, flat grid-stride loop,
// one float per thread and trip.
//
// Every SM works, with coalesced accesses, but holds only 8 warps (an eighth of its capacity),
// and each thread has a single 4-byte load in flight: too few bytes in flight to cover DRAM
// latency. naive.cu launches a thread per element and fills the SMs.
#include <cuda_runtime.h>

__global__ void copy_grid_stride(const float* A, float* B, size_t total) {
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < total; i += stride) B[i] = A[i];
}

extern "C" void solve(const float* A, float* B, int N) {
  int device = 0;
  int sms = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  if (sms < 1) sms = 1;
  copy_grid_stride<<<sms, 256>>>(A, B, (size_t)N * N);
  cudaDeviceSynchronize();
}
