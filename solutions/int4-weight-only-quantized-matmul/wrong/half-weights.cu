// WRONG (WA): wmma-shared.cu with each dequantized weight rounded to one half (no lo part), the
// obvious way to feed half-precision tensor cores. (c - 8) * scale can need 15 significant bits
// and a half keeps 11: each weight is off by up to 2^-12 of itself, and over K = 4096 terms the
// outputs drift by a few thousandths. Short sums stay well inside the tolerance, but some outputs
// near zero miss 0.01 + 0.01 * |y|: about 10 of the 32,768 of test long-k-many-outputs (K = 8192)
// and some hundreds of the performance case's 16.7 million (simulated in double: 43 of 1,048,576
// outputs of the official distribution at K = 4096).
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>
#include <stdint.h>

using namespace nvcuda;

#define BM 64
#define BN 64
#define BK 32
#define LD (BK + 8)  // 40 halves: fragment rows 80 bytes apart, a multiple of 16 as WMMA requires

template <bool kVec>
__global__ void __launch_bounds__(128) int4_wmma_shared(const __half* x, const uint8_t* w_q, const __half* scales,
                                                        __half* y, int M, int N, int K, int group_size) {
  __shared__ __align__(32) half xs[BM * LD];
  __shared__ __align__(32) half wh[BN * LD];  // wh[n * LD + k]
  __shared__ __align__(32) float out[4][16 * 16];
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  const int wm = (warp / 2) * 32, wn = (warp % 2) * 32;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const int groups = K / group_size;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  for (int k0 = 0; k0 < K; k0 += BK) {
    if (kVec) {
      // 64 rows x 4 chunks of 8 halves, 2 chunks per thread.
#pragma unroll
      for (int i = 0; i < 2; ++i) {
        const int ch = t + i * 128;
        const int r = ch / 4, c = (ch % 4) * 8;
        const int m = m0 + r, k = k0 + c;
        uint4 v = make_uint4(0, 0, 0, 0);
        if (m < M && k < K) v = *reinterpret_cast<const uint4*>(x + (size_t)m * K + k);
        *reinterpret_cast<uint4*>(&xs[r * LD + c]) = v;
      }
    } else {
#pragma unroll 4
      for (int i = 0; i < 16; ++i) {
        const int e = t + i * 128;
        const int r = e / BK, c = e % BK;
        const int m = m0 + r, k = k0 + c;
        xs[r * LD + c] = (m < M && k < K) ? x[(size_t)m * K + k] : __float2half(0.0f);
      }
    }
    // W: 64 rows x 16 bytes, 8 bytes per thread.
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      const int e = t + i * 128;
      const int r = e / (BK / 2), c = e % (BK / 2);
      const int n = n0 + r, k = k0 + 2 * c;
      float w0 = 0.0f, w1 = 0.0f;
      if (n < N && k < K) {
        const uint8_t b = w_q[(size_t)n * (K / 2) + k / 2];
        const float s = __half2float(scales[(size_t)n * groups + k / group_size]);
        w0 = (float)((b >> 4) - 8) * s;
        w1 = (float)((b & 15) - 8) * s;
      }
      wh[r * LD + 2 * c] = __float2half_rn(w0);  // wrong: the rounding error is dropped
      wh[r * LD + 2 * c + 1] = __float2half_rn(w1);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[2];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> bh[2];
#pragma unroll
      for (int i = 0; i < 2; ++i) wmma::load_matrix_sync(a[i], &xs[(wm + i * 16) * LD + kk], LD);
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        wmma::load_matrix_sync(bh[j], &wh[(wn + j * 16) * LD + kk], LD);
      }
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) {
          wmma::mma_sync(acc[i][j], a[i], bh[j], acc[i][j]);
        }
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) {
      wmma::store_matrix_sync(out[warp], acc[i][j], 16, wmma::mem_row_major);
      __syncwarp();
#pragma unroll
      for (int e8 = 0; e8 < 8; ++e8) {
        const int e = lane + e8 * 32;
        const int m = m0 + wm + i * 16 + e / 16, n = n0 + wn + j * 16 + e % 16;
        if (m < M && n < N) y[(size_t)m * N + n] = __float2half(out[warp][e]);
      }
      __syncwarp();
    }
}

extern "C" void solve(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K,
                      int group_size) {
  dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
  if (K % 8 == 0)
    int4_wmma_shared<true><<<grid, 128>>>(x, w_q, scales, y, M, N, K, group_size);
  else
    int4_wmma_shared<false><<<grid, 128>>>(x, w_q, scales, y, M, N, K, group_size);
}
