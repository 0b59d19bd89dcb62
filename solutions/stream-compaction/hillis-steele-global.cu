// Hillis-Steele scan in global memory: the flags (A[i] > 0) go to an int array, then log2(N)
// launches of x[i] += x[i - d] between two buffers (d = 1, 2, 4, ...) turn them into inclusive
// counts, and a scatter writes every kept value to out[count - 1] and zeros past the total.
// Every pass reads and writes all N counts: N log N additions, the array through DRAM 26 times.
#include <cuda_runtime.h>

static int* counts_a = nullptr;
static int* counts_b = nullptr;
static int capacity = 0;

__global__ void flags(const float* A, int N, int* f) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < N) f[i] = A[i] > 0.0f ? 1 : 0;
}

__global__ void scan_step(const int* src, int* dst, int N, int d) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < N) dst[i] = src[i] + (i >= d ? src[i - d] : 0);
}

__global__ void scatter(const float* A, int N, const int* inclusive, float* out) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i >= N) return;
  const int total = inclusive[N - 1];
  const float v = A[i];
  if (v > 0.0f) out[inclusive[i] - 1] = v;
  if (i >= total) out[i] = 0.0f;
}

extern "C" void solve(const float* A, int N, float* out) {
  if (N > capacity) {
    cudaFree(counts_a);
    cudaFree(counts_b);
    counts_a = counts_b = nullptr;
    capacity = 0;
    if (cudaMalloc(&counts_a, static_cast<size_t>(N) * sizeof(int)) != cudaSuccess ||
        cudaMalloc(&counts_b, static_cast<size_t>(N) * sizeof(int)) != cudaSuccess)
      return;
    capacity = N;
  }
  const int blocks = (N + 255) / 256;
  flags<<<blocks, 256>>>(A, N, counts_a);
  int* src = counts_a;
  int* dst = counts_b;
  for (long long d = 1; d < N; d *= 2) {
    scan_step<<<blocks, 256>>>(src, dst, N, static_cast<int>(d));
    int* t = src;
    src = dst;
    dst = t;
  }
  scatter<<<blocks, 256>>>(A, N, src, out);
  cudaDeviceSynchronize();
}
