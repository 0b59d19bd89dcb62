// Skip the zeros: one thread per element of C, as naive.cu, but a zero of A costs no load of B.
//
// A block is 32 x 8 threads and threadIdx.x runs along the columns of C, so the 32 threads of a
// warp share one row of A: the test `a != 0` is uniform across the warp (no divergence) and, at
// the official 35% density, about two thirds of the loads of B and of the multiply-adds are
// skipped. Every thread still reads (from L1, as a broadcast) all N elements of its row of A.
// Faster than the dense naive kernel; the row kernels stop rescanning the zeros.
#include <cuda_runtime.h>

__global__ void spmm_skip_zeros(const float* A, const float* B, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= K) return;
  const float* a_row = A + (size_t)row * N;
  float sum = 0.0f;
  for (int t = 0; t < N; ++t) {
    const float a = a_row[t];
    if (a != 0.0f) sum += a * B[(size_t)t * K + col];
  }
  C[(size_t)row * K + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
  dim3 threads(32, 8);
  dim3 blocks((K + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
  spmm_skip_zeros<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
