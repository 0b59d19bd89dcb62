// WRONG (WA): sums the products in a half (__hfma) instead of a float. Exact for the small
// integer examples, but a half has 11 significant bits: in test ones-k4096 the sum of 4096 ones
// stops growing at 2048 (2048 + 1 rounds back to 2048), and long random sums drift by far more
// than the 0.05 tolerance. This is why the statement asks for FP32 accumulation.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void gemm_half_acc(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  half acc = __float2half(0.0f);
  for (int t = 0; t < K; ++t) acc = __hfma(A[(size_t)row * K + t], B[(size_t)t * N + col], acc);  // bug
  const size_t i = (size_t)row * N + col;
  C[i] = __float2half(alpha * __half2float(acc) + beta * __half2float(C[i]));
}

extern "C" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
  gemm_half_acc<<<blocks, threads>>>(A, B, C, M, N, K, alpha, beta);
  cudaDeviceSynchronize();
}
