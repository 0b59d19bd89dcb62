// int4 loads: as grid-stride, but each thread reads four elements with one 16-byte load per
// trip (the last N % 4 elements one at a time).
//
// Four times the bytes per load instruction and per trip: enough in flight to approach DRAM
// bandwidth, with the shared-memory atomics (four per load) keeping up. Still a cudaMemset and a
// device sync around the kernel.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kMaxBins = 1024;

__global__ void histogram_int4(const int* input, int* histogram, int N, int num_bins) {
  __shared__ int bins[kMaxBins];
  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) bins[b] = 0;
  __syncthreads();

  const int stride = gridDim.x * blockDim.x;
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int4* vec = reinterpret_cast<const int4*>(input);  // the buffer is 256-byte aligned
  const int n4 = N / 4;
  for (int i = gid; i < n4; i += stride) {
    const int4 v = vec[i];
    atomicAdd(&bins[v.x], 1);
    atomicAdd(&bins[v.y], 1);
    atomicAdd(&bins[v.z], 1);
    atomicAdd(&bins[v.w], 1);
  }
  const int tail = 4 * n4 + gid;  // the last N % 4 elements, one per thread of the first warp
  if (tail < N) atomicAdd(&bins[input[tail]], 1);
  __syncthreads();

  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) {
    const int count = bins[b];
    if (count != 0) atomicAdd(&histogram[b], count);
  }
}

extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
  static int sm_count = 0;
  if (sm_count == 0) {
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
  }
  int blocks = sm_count * (2048 / kThreads);
  const int needed = (N + 4 * kThreads - 1) / (4 * kThreads);
  if (blocks > needed) blocks = needed;
  cudaMemset(histogram, 0, num_bins * sizeof(int));
  histogram_int4<<<blocks, kThreads>>>(input, histogram, N, num_bins);
  cudaDeviceSynchronize();
}
