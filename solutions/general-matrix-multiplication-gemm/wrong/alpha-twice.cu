// WRONG (WA): scales every product by alpha while summing and then scales the sum by alpha again,
// so the result is alpha^2 * AB + beta * C. Example 1 (alpha = 2) gives 4 * B - C instead of
// 2 * B - C.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void gemm_alpha_twice(const half* A, const half* B, half* C, int M, int N, int K, float alpha,
                                 float beta) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int t = 0; t < K; ++t)
    acc += alpha * __half2float(A[(size_t)row * K + t]) * __half2float(B[(size_t)t * N + col]);
  const size_t i = (size_t)row * N + col;
  C[i] = __float2half(alpha * acc + beta * __half2float(C[i]));  // bug: alpha is already in acc
}

extern "C" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
  gemm_alpha_twice<<<blocks, threads>>>(A, B, C, M, N, K, alpha, beta);
  cudaDeviceSynchronize();
}
