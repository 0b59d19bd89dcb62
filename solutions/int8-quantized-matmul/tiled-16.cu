// 16 x 16 tiles of A and B staged in shared memory, one element of C per thread. Each thread
// subtracts the zero point as it stages a value (so shared memory holds ints in [-255, 255]),
// then adds 16 products per tile: two shared-memory loads per multiply-add, which is what this
// kernel waits on. The requantization is the statement's recipe, in float: rintf rounds ties to
// even.
#include <cuda_runtime.h>
#include <stdint.h>

#define T 16

// Steps 3 to 5: y = float(acc) * m rounded to the nearest integer (ties to even), plus the zero
// point of C, clamped to the int8 range.
__device__ __forceinline__ int8_t requantize(int acc, float m, int zero_point_c) {
    const float q = rintf(__int2float_rn(acc) * m);
    return (int8_t)(int)fminf(fmaxf(q + (float)zero_point_c, -128.0f), 127.0f);
}

__global__ void qmm_tiled(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float m, int za, int zb,
                          int zc) {
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
    if (row < M && col < N) C[(size_t)row * N + col] = requantize(acc, m, zc);
}

extern "C" void solve(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float scale_A, float scale_B,
                      float scale_C, int zero_point_A, int zero_point_B, int zero_point_C) {
    const float m = scale_A * scale_B / scale_C;  // step 2, in float
    const dim3 threads(T, T);
    const dim3 blocks((N + T - 1) / T, (M + T - 1) / T);
    qmm_tiled<<<blocks, threads>>>(A, B, C, M, N, K, m, zero_point_A, zero_point_B, zero_point_C);
    cudaDeviceSynchronize();
}
