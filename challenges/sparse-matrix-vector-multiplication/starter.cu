#include <cuda_runtime.h>

// A is an M x N row-major matrix (most of its elements are 0, nnz of them are not), x has N
// elements and y receives M. Every pointer is a device pointer.
__global__ void spmv(const float* A, const float* x, float* y, int M, int N) {
  // Your turn: work out this thread's row; if it is below M, write the dot product of row `row`
  // of A with x into y[row] (an empty row gives 0, which must be written too).
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
  const int threads = 256;
  spmv<<<(M + threads - 1) / threads, threads>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
