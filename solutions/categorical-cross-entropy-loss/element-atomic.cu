// One thread per logit, with global atomics: a kernel finds each row's maximum with a float
// atomicMax (done on the bits: atomicMax on int for positive values, atomicMin on unsigned for
// negative ones), a second adds every exp(z - max) into its row's sum with atomicAdd, and a third
// turns each row into its loss and adds loss / N into the output.
//
// Plenty of threads and coalesced loads, but two global atomics per element, a thousand of them
// per row address, serialized in L2; plus four launches and the logits read twice.
#include <cuda_runtime.h>

static float* scratch = nullptr;  // row maxima (N floats), then row sums (N floats)
static int scratch_rows = 0;

__global__ void init_rows(float* row_max, float* row_sum, float* loss, int N) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < N) {
    row_max[r] = -INFINITY;
    row_sum[r] = 0.0f;
  }
  if (r == 0) loss[0] = 0.0f;
}

__device__ __forceinline__ void atomic_max_float(float* address, float value) {
  // Floats with the sign bit clear order like ints; with it set (-0.0 included), in reverse order
  // as unsigned ints.
  if (__float_as_int(value) >= 0)
    atomicMax(reinterpret_cast<int*>(address), __float_as_int(value));
  else
    atomicMin(reinterpret_cast<unsigned int*>(address), __float_as_uint(value));
}

__global__ void row_maxima(const float* logits, float* row_max, int N, int C) {
  const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < static_cast<long long>(N) * C) atomic_max_float(&row_max[i / C], logits[i]);
}

__global__ void row_sums(const float* logits, const float* row_max, float* row_sum, int N, int C) {
  const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < static_cast<long long>(N) * C) {
    const int r = static_cast<int>(i / C);
    atomicAdd(&row_sum[r], expf(logits[i] - row_max[r]));
  }
}

__global__ void row_losses(const float* logits, const int* labels, const float* row_max, const float* row_sum,
                           float* loss, int N, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < N) {
    const float z = logits[static_cast<long long>(r) * C + labels[r]];
    atomicAdd(loss, ((row_max[r] - z) + logf(row_sum[r])) / N);
  }
}

extern "C" void solve(const float* logits, const int* true_labels, float* loss, int N, int C) {
  if (N > scratch_rows) {
    cudaFree(scratch);
    scratch = nullptr;
    scratch_rows = 0;
    if (cudaMalloc(&scratch, 2 * static_cast<size_t>(N) * sizeof(float)) != cudaSuccess) return;
    scratch_rows = N;
  }
  float* row_max = scratch;
  float* row_sum = scratch + N;
  const int threads = 256;
  const int row_blocks = (N + threads - 1) / threads;
  const long long total = static_cast<long long>(N) * C;
  const int element_blocks = static_cast<int>((total + threads - 1) / threads);
  init_rows<<<row_blocks, threads>>>(row_max, row_sum, loss, N);
  row_maxima<<<element_blocks, threads>>>(logits, row_max, N, C);
  row_sums<<<element_blocks, threads>>>(logits, row_max, row_sum, N, C);
  row_losses<<<row_blocks, threads>>>(logits, true_labels, row_max, row_sum, loss, N, C);
  cudaDeviceSynchronize();
}
