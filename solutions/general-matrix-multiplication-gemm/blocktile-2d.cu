// 2-D register tiles: a 128 x 128 block tile, 256 threads, each computing an 8 x 8 patch of C in
// registers. Per step of k a thread loads 8 values of A and 8 of B from shared memory and does
// 64 multiply-adds with them (1 shared load per 4 multiply-adds). Global loads are still one
// half at a time, and A is transposed into shared memory with bank-conflicting stores.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8

__global__ void __launch_bounds__(256) gemm_blocktile_2d(const half* A, const half* B, half* C, int M, int N, int K,
                                                         float alpha, float beta) {
  __shared__ float As[BK][BM];  // A transposed: As[k][m], so a thread's 8 rows are contiguous
  __shared__ float Bs[BK][BN];
  const int t = threadIdx.x;
  const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
  const int ty = t / (BN / TN), tx = t % (BN / TN);  // 16 x 16 threads, each an 8 x 8 patch

  float acc[TM][TN] = {{0.0f}};
  for (int k0 = 0; k0 < K; k0 += BK) {
    // 1024 elements of A and 1024 of B per step: 4 of each per thread, zero past the edges.
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int idx = t + i * 256;
      const int r = idx / BK, c = idx % BK;
      const int ar = bm + r, ak = k0 + c;
      As[c][r] = (ar < M && ak < K) ? __half2float(A[(size_t)ar * K + ak]) : 0.0f;
      const int br = idx / BN, bc = idx % BN;
      const int bk = k0 + br, bcol = bn + bc;
      Bs[br][bc] = (bk < K && bcol < N) ? __half2float(B[(size_t)bk * N + bcol]) : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int i = 0; i < TM; ++i) a[i] = As[k][ty * TM + i];
#pragma unroll
      for (int j = 0; j < TN; ++j) b[j] = Bs[k][tx * TN + j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < TM; ++i) {
    const int row = bm + ty * TM + i;
    if (row >= M) break;
#pragma unroll
    for (int j = 0; j < TN; ++j) {
      const int col = bn + tx * TN + j;
      if (col < N) {
        const size_t idx = (size_t)row * N + col;
        C[idx] = __float2half(alpha * acc[i][j] + beta * __half2float(C[idx]));
      }
    }
  }
}

extern "C" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  dim3 blocks((N + BN - 1) / BN, (M + BM - 1) / BM);
  gemm_blocktile_2d<<<blocks, 256>>>(A, B, C, M, N, K, alpha, beta);
  cudaDeviceSynchronize();
}
