// WRONG (WA): reads B[col][t] (index col * K + t) instead of B[t][col], i.e. computes
// alpha * A * B^T-as-stored + beta * C. The index stays inside B (col * K + t < N * K), so nothing
// faults: example 1 (A the identity) returns 2 * B^T - C instead of 2 * B - C.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void gemm_transposed_b(const half* A, const half* B, half* C, int M, int N, int K, float alpha,
                                  float beta) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int t = 0; t < K; ++t)
    acc += __half2float(A[(size_t)row * K + t]) * __half2float(B[(size_t)col * K + t]);  // bug: B as K-major
  const size_t i = (size_t)row * N + col;
  C[i] = __float2half(alpha * acc + beta * __half2float(C[i]));
}

extern "C" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
  gemm_transposed_b<<<blocks, threads>>>(A, B, C, M, N, K, alpha, beta);
  cudaDeviceSynchronize();
}
