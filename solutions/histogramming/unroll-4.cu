// Unrolled by four: as grid-stride, but each trip loads four elements (one grid stride apart)
// into registers before doing their four shared-memory atomics.
//
// The four loads are independent and issued back to back, so each thread keeps four in flight
// instead of one: close to the bytes in flight DRAM needs, at the price of four load
// instructions per four elements (int4 does it with one).
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kMaxBins = 1024;

__global__ void histogram_unrolled(const int* input, int* histogram, int N, int num_bins) {
  __shared__ int bins[kMaxBins];
  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) bins[b] = 0;
  __syncthreads();

  const int stride = gridDim.x * blockDim.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // i + 3 * stride < N, written so that it cannot overflow an int for N near 10^8.
  for (; i < N - 3 * stride; i += 4 * stride) {
    const int v0 = input[i];
    const int v1 = input[i + stride];
    const int v2 = input[i + 2 * stride];
    const int v3 = input[i + 3 * stride];
    atomicAdd(&bins[v0], 1);
    atomicAdd(&bins[v1], 1);
    atomicAdd(&bins[v2], 1);
    atomicAdd(&bins[v3], 1);
  }
  for (; i < N; i += stride) atomicAdd(&bins[input[i]], 1);
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
  const int needed = (N + kThreads - 1) / kThreads;
  if (blocks > needed) blocks = needed;
  cudaMemset(histogram, 0, num_bins * sizeof(int));
  histogram_unrolled<<<blocks, kThreads>>>(input, histogram, N, num_bins);
  cudaDeviceSynchronize();
}
