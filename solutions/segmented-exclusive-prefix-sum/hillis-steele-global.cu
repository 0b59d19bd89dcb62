// Hillis-Steele in global memory: (sum, flag) pairs in two buffers, log2(N) launches of "add the
// pair d places back unless a flag lies in between" (d = 1, 2, 4, ...) give the inclusive segmented
// sums, and a last kernel shifts them into the exclusive output (0 at every flag). Every pass reads
// and writes all N pairs: N log N additions, 16 bytes per element through DRAM 26 times.
#include <cuda_runtime.h>

static float* sums_a = nullptr;
static float* sums_b = nullptr;
static int* flags_a = nullptr;
static int* flags_b = nullptr;
static int capacity = 0;

__global__ void start(const float* values, const int* flags, int N, float* x, int* g) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < N) {
    x[i] = values[i];
    g[i] = flags[i] != 0 ? 1 : 0;
  }
}

__global__ void scan_step(const float* x, const int* g, float* x2, int* g2, int N, int d) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i >= N) return;
  float s = x[i];
  int f = g[i];
  if (i >= d) {
    if (!f) s += x[i - d];
    f |= g[i - d];
  }
  x2[i] = s;
  g2[i] = f;
}

__global__ void to_exclusive(const float* inclusive, const int* flags, float* output, int N) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < N) output[i] = (i == 0 || flags[i] != 0) ? 0.0f : inclusive[i - 1];
}

extern "C" void solve(const float* values, const int* flags, float* output, int N) {
  if (N > capacity) {
    cudaFree(sums_a);
    cudaFree(sums_b);
    cudaFree(flags_a);
    cudaFree(flags_b);
    sums_a = sums_b = nullptr;
    flags_a = flags_b = nullptr;
    capacity = 0;
    const size_t n = static_cast<size_t>(N);
    if (cudaMalloc(&sums_a, n * sizeof(float)) != cudaSuccess || cudaMalloc(&sums_b, n * sizeof(float)) != cudaSuccess ||
        cudaMalloc(&flags_a, n * sizeof(int)) != cudaSuccess || cudaMalloc(&flags_b, n * sizeof(int)) != cudaSuccess)
      return;
    capacity = N;
  }
  const int blocks = (N + 255) / 256;
  start<<<blocks, 256>>>(values, flags, N, sums_a, flags_a);
  float* x = sums_a;
  float* x2 = sums_b;
  int* g = flags_a;
  int* g2 = flags_b;
  for (long long d = 1; d < N; d *= 2) {
    scan_step<<<blocks, 256>>>(x, g, x2, g2, N, static_cast<int>(d));
    float* t = x;
    x = x2;
    x2 = t;
    int* u = g;
    g = g2;
    g2 = u;
  }
  to_exclusive<<<blocks, 256>>>(x, flags, output, N);
  cudaDeviceSynchronize();
}
