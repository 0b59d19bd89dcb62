// Construct: helpers shared by host and device code: a __host__ __device__ constexpr function
// (ceil_div, also in a static_assert and in solve), a __host__ __device__ function template, a
// struct with __host__ __device__ members used on both sides, and a static host-only helper.
// Host: vector-addition.
#include <cuda_runtime.h>

__host__ __device__ constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }

template <typename T>
__host__ __device__ inline T add(T a, T b) {
  return a + b;
}

struct Span {
  int begin, count;
  __host__ __device__ bool contains(int i) const { return i >= begin && i < begin + count; }
  __host__ __device__ int end() const { return begin + count; }
};

static_assert(ceil_div(10, 4) == 3, "ceil_div rounds up");

static int pick_threads(int n) { return n < 256 ? 32 * ceil_div(n, 32) : 256; }

__global__ void vector_add(const float* A, const float* B, float* C, Span span) {
  const int i = span.begin + blockIdx.x * blockDim.x + threadIdx.x;
  if (span.contains(i)) C[i] = add(A[i], B[i]);
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const Span all{0, N};
  const int threads = pick_threads(all.end());
  if (add(1, 1) != 2) return;  // the template on the host side too
  vector_add<<<ceil_div(N, threads), threads>>>(A, B, C, all);
  cudaDeviceSynchronize();
}
