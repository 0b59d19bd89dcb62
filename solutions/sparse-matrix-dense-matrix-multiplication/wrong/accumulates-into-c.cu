// WRONG: COO-style, one thread per element of A; each nonzero A[i][t] atomically adds
// A[i][t] * B[t][j] into C[i][j] for every j, but C is never cleared first.
//
// C holds garbage (the judge's NaN marker) when solve starts, so every sum starts from it.
#include <cuda_runtime.h>

__global__ void spmm_atomic(const float* A, const float* B, float* C, int M, int N, int K) {
  const size_t idx = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= (size_t)M * N) return;
  const float a = A[idx];
  if (a == 0.0f) return;
  const size_t row = idx / N, t = idx % N;
  for (int j = 0; j < K; ++j) atomicAdd(&C[row * K + j], a * B[t * K + j]);  // bug: no clearing
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
  const size_t total = (size_t)M * N;
  const int threads = 256;
  spmm_atomic<<<(unsigned)((total + threads - 1) / threads), threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
