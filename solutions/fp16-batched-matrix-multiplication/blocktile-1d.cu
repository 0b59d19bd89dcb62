// 1-D register tiles: a 64 x 64 block tile of C[b], 512 threads, each computing 8 elements of one
// column in registers. Per step of k it loads one B value from shared memory and reuses it for
// its 8 rows (the A values are warp-wide broadcasts), so there are about 9 shared loads per 8
// multiply-adds instead of 16 in tiled-16.cu.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define BM 64
#define BN 64
#define BK 8
#define TM 8

__global__ void __launch_bounds__(512) hbmm_blocktile_1d(const half* A, const half* B, half* C, int M, int N, int K) {
  __shared__ float As[BM][BK];
  __shared__ float Bs[BK][BN];
  const size_t b = blockIdx.z;
  A += b * M * K;
  B += b * K * N;
  C += b * M * N;
  const int t = threadIdx.x;
  const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
  const int tcol = t % BN;  // a warp covers 32 neighbouring columns of one row group
  const int trow = t / BN;  // rows trow * TM .. trow * TM + 7 of the block tile
  // Loader coordinates: one element of A and one of B per thread and step.
  const int a_r = t / BK, a_c = t % BK;
  const int b_r = t / BN, b_c = t % BN;

  float acc[TM] = {0.0f};
  for (int k0 = 0; k0 < K; k0 += BK) {
    const int ar = bm + a_r, ak = k0 + a_c;
    As[a_r][a_c] = (ar < M && ak < K) ? __half2float(A[(size_t)ar * K + ak]) : 0.0f;
    const int bk = k0 + b_r, bc = bn + b_c;
    Bs[b_r][b_c] = (bk < K && bc < N) ? __half2float(B[(size_t)bk * N + bc]) : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      const float bv = Bs[k][tcol];
#pragma unroll
      for (int i = 0; i < TM; ++i) acc[i] += As[trow * TM + i][k] * bv;
    }
    __syncthreads();
  }
  const int col = bn + tcol;
  if (col >= N) return;
#pragma unroll
  for (int i = 0; i < TM; ++i) {
    const int row = bm + trow * TM + i;
    if (row < M) C[(size_t)row * N + col] = __float2half(acc[i]);
  }
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
  dim3 blocks((N + BN - 1) / BN, (M + BM - 1) / BM, BATCH);
  hbmm_blocktile_1d<<<blocks, BM * BN / TM>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
