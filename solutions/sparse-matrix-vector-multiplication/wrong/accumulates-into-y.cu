// WRONG (WA, reads the output before writing it): atomic-per-element.cu without its
// cudaMemsetAsync. Every nonzero atomicAdds its product into y[row], but y starts as the judge's
// NaN marker, so every row with a nonzero comes out NaN (and an empty row keeps the marker). With
// y cleared first, the same kernel is right.
#include <cuda_runtime.h>

__global__ void spmv_atomic_uncleared(const float* A, const float* x, float* y, int M, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= M * N) return;
  const float a = A[i];
  if (a != 0.0f) atomicAdd(&y[i / N], a * x[i % N]);  // bug: y was never set to 0
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
  const int threads = 256;
  const int total = M * N;
  spmv_atomic_uncleared<<<(total + threads - 1) / threads, threads>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
