// WRONG: skip-zeros.cu that steps through A with a row stride of K instead of N.
//
// A is M x N but is indexed as if it had K columns (A[row * K + t]): row 0 is right, every other
// row reads the wrong elements whenever N != K (example 1: N = 4, K = 2).
#include <cuda_runtime.h>

__global__ void spmm_stride_k(const float* A, const float* B, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= K) return;
  float sum = 0.0f;
  for (int t = 0; t < N; ++t) {
    const float a = A[(size_t)row * K + t];  // bug: the row stride of A is N
    if (a != 0.0f) sum += a * B[(size_t)t * K + col];
  }
  C[(size_t)row * K + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
  dim3 threads(32, 8);
  dim3 blocks((K + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
  spmm_stride_k<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
