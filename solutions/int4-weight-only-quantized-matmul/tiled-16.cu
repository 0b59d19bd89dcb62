// 16 x 16 tiles in shared memory, one element of y per thread. Each step the block stages a
// 16 x 16 tile of x and the matching 16 x 16 tile of W, dequantized to float as it is loaded
// (every weight decoded once per block instead of once per thread), and both are reused 16 times.
// Loads run along k, so a half-warp reads 16 consecutive halves of x and 8 consecutive bytes of
// w_q.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define T 16

__global__ void int4_tiled(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K,
                           int group_size) {
  __shared__ float xs[T][T + 1];
  __shared__ float ws[T][T + 1];  // ws[r][c] = W[n0 + r][k0 + c]
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int m0 = blockIdx.y * T, n0 = blockIdx.x * T;
  const int groups = K / group_size;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += T) {
    const int k = k0 + tx;
    const int m = m0 + ty, n = n0 + ty;
    xs[ty][tx] = (m < M && k < K) ? __half2float(x[(size_t)m * K + k]) : 0.0f;
    float w = 0.0f;
    if (n < N && k < K) {
      const uint8_t b = w_q[(size_t)n * (K / 2) + k / 2];
      const int code = (k % 2 == 0) ? (b >> 4) : (b & 15);
      w = (float)(code - 8) * __half2float(scales[(size_t)n * groups + k / group_size]);
    }
    ws[ty][tx] = w;
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < T; ++kk) acc += xs[ty][kk] * ws[tx][kk];
    __syncthreads();
  }
  const int m = m0 + ty, n = n0 + tx;
  if (m < M && n < N) y[(size_t)m * N + n] = __float2half(acc);
}

extern "C" void solve(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K,
                      int group_size) {
  dim3 block(T, T);
  dim3 grid((N + T - 1) / T, (M + T - 1) / T);
  int4_tiled<<<grid, block>>>(x, w_q, scales, y, M, N, K, group_size);
}
