// Construct: int8_t and int32_t in device and host code without <cstdint> or <stdint.h>, and
// `uint` (nvcc's headers bring <sys/types.h>, which declares the signed fixed-width types and
// uint, ushort, ulong). Tiled int8 matrix product requantized in the official reference's order
// (solutions/int8-quantized-matmul/official-order.cu, without its include). Host:
// int8-quantized-matmul.
#include <cuda_runtime.h>

#define T 16

__device__ __forceinline__ int8_t requantize(int32_t acc, float scale_a, float scale_b, float inv_c, int zero_point_c) {
  const float y = __fmul_rn(__fmul_rn(__fmul_rn(__int2float_rn(acc), scale_a), scale_b), inv_c);
  const int q = (int)rintf(y) + zero_point_c;
  return (int8_t)min(max(q, -128), 127);
}

__global__ void qmm(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float scale_a, float scale_b,
                    float inv_c, int za, int zb, int zc) {
  __shared__ int32_t As[T][T];
  __shared__ int32_t Bs[T][T];
  const uint tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  int32_t acc = 0;
  for (int k0 = 0; k0 < K; k0 += T) {
    As[ty][tx] = (row < M && k0 + (int)tx < K) ? A[(size_t)row * K + k0 + tx] - za : 0;
    Bs[ty][tx] = (k0 + (int)ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] - zb : 0;
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < T; ++kk) acc += As[ty][kk] * Bs[kk][tx];
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = requantize(acc, scale_a, scale_b, inv_c, zc);
}

extern "C" void solve(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float scale_A, float scale_B,
                      float scale_C, int zero_point_A, int zero_point_B, int zero_point_C) {
  const float inv_c = 1.0f / scale_C;
  const dim3 threads(T, T);
  const dim3 blocks((N + T - 1) / T, (M + T - 1) / T);
  qmm<<<blocks, threads>>>(A, B, C, M, N, K, scale_A, scale_B, inv_c, zero_point_A, zero_point_B, zero_point_C);
  cudaDeviceSynchronize();
}
