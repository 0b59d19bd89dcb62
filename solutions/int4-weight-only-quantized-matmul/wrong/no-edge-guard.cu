// WRONG (RTE, "wrote outside"): tiled-16.cu without the bounds check on the store: every thread
// of a 16 x 16 block writes its element of y. In example 1 (M = N = 2) thread (ty, tx) stores
// y[ty * 2 + tx] for ty, tx < 16, up to element 45 of a 4-element y: the zeros computed for the
// padding rows and columns land in the judge's guard zone.
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
  y[(size_t)m * N + n] = __float2half(acc);  // wrong: no m < M, n < N check
}

extern "C" void solve(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K,
                      int group_size) {
  dim3 block(T, T);
  dim3 grid((N + T - 1) / T, (M + T - 1) / T);
  int4_tiled<<<grid, block>>>(x, w_q, scales, y, M, N, K, group_size);
}
