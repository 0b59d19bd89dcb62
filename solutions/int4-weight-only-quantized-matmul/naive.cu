// One thread per element of y, threadIdx.x along n. Each thread walks row n of w_q and row m of x
// from global memory, decoding every code and looking up its group's scale as it goes. Neighbouring
// threads read bytes K/2 apart (one row of W each), so the loads of w_q are not coalesced.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

__global__ void int4_naive(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K,
                           int group_size) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  const int m = blockIdx.y;
  if (n >= N || m >= M) return;
  const int groups = K / group_size;
  const __half* xr = x + (size_t)m * K;
  const uint8_t* wr = w_q + (size_t)n * (K / 2);
  const __half* sr = scales + (size_t)n * groups;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) {
    const uint8_t b = wr[k / 2];
    const int code = (k % 2 == 0) ? (b >> 4) : (b & 15);  // high nibble first
    const float w = (float)(code - 8) * __half2float(sr[k / group_size]);
    acc += __half2float(xr[k]) * w;
  }
  y[(size_t)m * N + n] = __float2half(acc);
}

extern "C" void solve(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K,
                      int group_size) {
  dim3 grid((N + 255) / 256, M);
  int4_naive<<<grid, 256>>>(x, w_q, scales, y, M, N, K, group_size);
}
