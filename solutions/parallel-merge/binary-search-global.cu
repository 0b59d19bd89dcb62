// One thread per input element, placed by binary search: A[i] goes to C[i + (number of B values
// below A[i])], B[j] to C[j + (number of A values at most B[j])], so equal values never collide.
// Every element does its own 25-step search through global memory (the top levels stay in cache,
// the last ones are scattered loads), and the stores land wherever the ranks say.
#include <cuda_runtime.h>

// Number of values in v[0, n) below x (or_equal: at most x).
__device__ __forceinline__ int rank(const float* v, int n, float x, bool or_equal) {
  int lo = 0, hi = n;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    const float m = v[mid];
    if (m < x || (or_equal && m == x))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

__global__ void place(const float* A, int M, const float* B, int N, float* C) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < M) {
    const float v = A[i];
    C[i + rank(B, N, v, false)] = v;
  } else if (i < static_cast<long long>(M) + N) {
    const int j = static_cast<int>(i - M);
    const float v = B[j];
    C[j + rank(A, M, v, true)] = v;
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N) {
  const long long total = static_cast<long long>(M) + N;
  place<<<static_cast<unsigned>((total + 255) / 256), 256>>>(A, M, B, N, C);
  cudaDeviceSynchronize();
}
