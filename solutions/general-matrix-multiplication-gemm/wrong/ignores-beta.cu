// WRONG (WA): a correct shared-memory tiled product, but the result overwrites C as alpha * AB,
// dropping the beta * C term. Example 1 (beta = -1, C of -1s, 0s and 1s) already differs.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define TILE 16

__global__ void gemm_no_beta(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * TILE + tx;
  const int row = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = (row < M && k0 + tx < K) ? __half2float(A[(size_t)row * K + k0 + tx]) : 0.0f;
    Bs[ty][tx] = (k0 + ty < K && col < N) ? __half2float(B[(size_t)(k0 + ty) * N + col]) : 0.0f;
    __syncthreads();
    for (int t = 0; t < TILE; ++t) acc += As[ty][t] * Bs[t][tx];
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = __float2half(alpha * acc);  // bug: + beta * C missing
}

extern "C" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  dim3 threads(TILE, TILE);
  dim3 blocks((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  gemm_no_beta<<<blocks, threads>>>(A, B, C, M, N, K, alpha, beta);
  cudaDeviceSynchronize();
}
