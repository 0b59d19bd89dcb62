// Wrong: places every element by the number of values strictly below it in the other array, for A
// and for B alike. Equal values in A and B then claim the same position: in example 2 the four 2.0s
// land on two places, and two elements of C are never written.
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
    C[j + rank(A, M, v, false)] = v;  // the bug: B must count the equal A values too
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N) {
  const long long total = static_cast<long long>(M) + N;
  place<<<static_cast<unsigned>((total + 255) / 256), 256>>>(A, M, B, N, C);
  cudaDeviceSynchronize();
}
