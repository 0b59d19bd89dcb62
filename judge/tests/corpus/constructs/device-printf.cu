// Construct: printf from a kernel, guarded so that only thread 0 prints and only for tiny
// matrices (the examples): one line per call, never thousands. Host: matrix-copy.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void copy_matrix(const float* A, float* B, int N) {
  const long long total = static_cast<long long>(N) * N;
  const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i == 0 && N <= 3) printf("copy_matrix: N=%d, first element %g\n", N, A[0]);
  if (i < total) B[i] = A[i];
}

extern "C" void solve(const float* A, float* B, int N) {
  const long long total = static_cast<long long>(N) * N;
  copy_matrix<<<static_cast<unsigned>((total + 255) / 256), 256>>>(A, B, N);
  cudaDeviceSynchronize();
}
