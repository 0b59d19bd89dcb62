// 64 x 64 block tile, 256 threads, 16 elements of one column of y per thread (a 1-D register
// tile). Per step of 16 along k the block stages x (transposed, so a thread's 16 rows are one
// broadcast read) and the dequantized W in shared memory; each weight read from shared memory
// then serves 16 multiply-adds instead of one.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define BM 64
#define BN 64
#define BK 16
#define TM 16

__global__ void int4_blocktile_1d(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N,
                                  int K, int group_size) {
  __shared__ float xs[BK][BM];  // xs[k][m]
  __shared__ float ws[BK][BN];  // ws[k][n]
  const int t = threadIdx.x;
  const int tx = t % BN, ty = t / BN;  // column tx, rows ty * TM .. ty * TM + TM - 1
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const int groups = K / group_size;
  float acc[TM];
#pragma unroll
  for (int i = 0; i < TM; ++i) acc[i] = 0.0f;

  for (int k0 = 0; k0 < K; k0 += BK) {
    // x: 64 rows x 16 halves, 4 per thread, k fastest.
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int e = t + i * 256;
      const int r = e / BK, c = e % BK;
      const int m = m0 + r, k = k0 + c;
      xs[c][r] = (m < M && k < K) ? __half2float(x[(size_t)m * K + k]) : 0.0f;
    }
    // W: 64 rows x 8 bytes, 2 bytes (4 weights) per thread.
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int e = t + i * 256;
      const int r = e / (BK / 2), c = e % (BK / 2);
      const int n = n0 + r, k = k0 + 2 * c;
      float w0 = 0.0f, w1 = 0.0f;
      if (n < N && k < K) {
        const uint8_t b = w_q[(size_t)n * (K / 2) + k / 2];
        const float s = __half2float(scales[(size_t)n * groups + k / group_size]);  // k, k + 1: one group
        w0 = (float)((b >> 4) - 8) * s;
        w1 = (float)((b & 15) - 8) * s;
      }
      ws[2 * c][r] = w0;
      ws[2 * c + 1][r] = w1;
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; ++kk) {
      const float w = ws[kk][tx];
#pragma unroll
      for (int i = 0; i < TM; ++i) acc[i] += xs[kk][ty * TM + i] * w;
    }
    __syncthreads();
  }
  const int n = n0 + tx;
  if (n >= N) return;
#pragma unroll
  for (int i = 0; i < TM; ++i) {
    const int m = m0 + ty * TM + i;
    if (m < M) y[(size_t)m * N + n] = __float2half(acc[i]);
  }
}

extern "C" void solve(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K,
                      int group_size) {
  dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
  int4_blocktile_1d<<<grid, 256>>>(x, w_q, scales, y, M, N, K, group_size);
}
