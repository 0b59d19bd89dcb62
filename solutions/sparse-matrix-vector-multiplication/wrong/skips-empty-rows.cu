// WRONG (WA, never written): one thread per row that only multiplies the nonzeros and stores
// y[row] only when it found one ("nothing to store for an empty row"). But y starts as garbage,
// not zeros: an empty row must be written as 0. In example 1, y[1] (row 1 is empty) keeps the
// judge's marker.
#include <cuda_runtime.h>

__global__ void spmv_skip_empty(const float* A, const float* x, float* y, int M, int N) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M) return;
  const float* a = A + (size_t)row * N;
  float sum = 0.0f;
  bool any = false;
  for (int j = 0; j < N; ++j) {
    const float v = a[j];
    if (v != 0.0f) {
      sum += v * x[j];
      any = true;
    }
  }
  if (any) y[row] = sum;  // bug: an empty row's 0 is never stored
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
  const int threads = 256;
  spmv_skip_empty<<<(M + threads - 1) / threads, threads>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
