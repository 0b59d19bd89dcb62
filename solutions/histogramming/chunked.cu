// Chunked (uncoalesced): a GPU-sized grid of 256-thread blocks with private shared-memory
// histograms, where each thread counts one contiguous chunk of about N / threads elements.
//
// Natural on a CPU, poor on a GPU: at every step the 32 threads of a warp read 32 addresses a
// chunk apart, 32 cache lines per load instead of one. The lines are reused from L1 on the next
// steps, so DRAM traffic stays normal, but the load unit does 32 times the work per element.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kMaxBins = 1024;

__global__ void histogram_chunked(const int* input, int* histogram, int N, int num_bins, int chunk) {
  __shared__ int bins[kMaxBins];
  for (int b = threadIdx.x; b < num_bins; b += blockDim.x) bins[b] = 0;
  __syncthreads();

  const long long t = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const long long begin = t * chunk;
  const long long end = begin + chunk < N ? begin + chunk : N;
  for (long long i = begin; i < end; ++i) atomicAdd(&bins[input[i]], 1);
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
  const int blocks = sm_count * (2048 / kThreads);  // a full GPU of threads
  const int threads_total = blocks * kThreads;
  const int chunk = (N + threads_total - 1) / threads_total;
  cudaMemset(histogram, 0, num_bins * sizeof(int));
  histogram_chunked<<<blocks, kThreads>>>(input, histogram, N, num_bins, chunk);
  cudaDeviceSynchronize();
}
