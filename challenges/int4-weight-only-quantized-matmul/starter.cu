#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

// One thread could compute one y[m][n]: decode row n of W from w_q and scales (two codes per byte,
// high nibble first, each minus 8, times its group's scale) and sum x[m][k] * W[n][k] in float.
__global__ void int4_matmul_kernel(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N,
                                   int K, int group_size) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  const int m = blockIdx.y;
  if (m < M && n < N) {
    // Your turn.
  }
}

// x, w_q, scales, y are device pointers.
extern "C" void solve(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K,
                      int group_size) {
  dim3 block(256);
  dim3 grid((N + 255) / 256, M);
  int4_matmul_kernel<<<grid, block>>>(x, w_q, scales, y, M, N, K, group_size);
}
