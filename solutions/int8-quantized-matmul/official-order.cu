// The requantization in the official reference's order, as a file accepted on leetgpu.com writes
// it: y = ((float(acc) * scale_A) * scale_B) * (1 / scale_C), each product rounded to float, then
// rintf (ties to even). Before the reference followed that order it computed one folded
// multiplier (scale_A * scale_B) / scale_C, and on scales whose y falls next to a half the two
// orders round differently, so this file was judged wrong. The tests now use scales on which
// both orders agree. The matrix product is tiled-16's: 16 x 16 tiles in shared memory, one
// element of C per thread.
#include <cuda_runtime.h>
#include <stdint.h>

#define T 16

// __fmul_rn: each product its own float rounding, in this order.
__device__ __forceinline__ int8_t requantize(int acc, float scale_a, float scale_b, float inv_c, int zero_point_c) {
    const float y = __fmul_rn(__fmul_rn(__fmul_rn(__int2float_rn(acc), scale_a), scale_b), inv_c);
    const int q = (int)rintf(y) + zero_point_c;
    return (int8_t)min(max(q, -128), 127);
}

__global__ void qmm_official(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float scale_a,
                             float scale_b, float inv_c, int za, int zb, int zc) {
    __shared__ int As[T][T];
    __shared__ int Bs[T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    int acc = 0;
    for (int k0 = 0; k0 < K; k0 += T) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] - za : 0;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] - zb : 0;
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < T; ++kk) acc += As[ty][kk] * Bs[kk][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[(size_t)row * N + col] = requantize(acc, scale_a, scale_b, inv_c, zc);
}

extern "C" void solve(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float scale_A, float scale_B,
                      float scale_C, int zero_point_A, int zero_point_B, int zero_point_C) {
    const float inv_c = 1.0f / scale_C;  // the float reciprocal, as PyTorch divides by a scalar
    const dim3 threads(T, T);
    const dim3 blocks((N + T - 1) / T, (M + T - 1) / T);
    qmm_official<<<blocks, threads>>>(A, B, C, M, N, K, scale_A, scale_B, inv_c, zero_point_A, zero_point_B,
                                      zero_point_C);
    cudaDeviceSynchronize();
}
