// dp4a with a 2-D register tile: 128 x 128 block tile, 8 x 8 elements of C per thread, A and B
// staged as packed k-quads (k-major, so a thread reads its 8 quads of A and 8 of B with four
// 16-byte shared loads) for 64 dp4a, 256 multiply-adds. Zero points come out afterwards
// through row sums of A and column sums of B, accumulated only when they are needed.
#include <cuda_runtime.h>
#include <stdint.h>

#define BM 128
#define BN 128
#define KQ 8  // packed k-quads per tile: 32 values of k
#define TM 8
#define TN 8
#define THREADS 256
#define LD (BM + 4)

__device__ __forceinline__ int8_t requantize(int acc, float m, int zero_point_c) {
    const float q = rintf(__int2float_rn(acc) * m);
    return (int8_t)(int)fminf(fmaxf(q + (float)zero_point_c, -128.0f), 127.0f);
}

__device__ __forceinline__ int pack4(int b0, int b1, int b2, int b3) {
    return (b0 & 0xff) | ((b1 & 0xff) << 8) | ((b2 & 0xff) << 16) | ((unsigned)b3 << 24);
}

__device__ __forceinline__ int load_a4(const int8_t* A, int row, int k, int K) {
    const int8_t* p = A + (size_t)row * K + k;
    if ((K & 3) == 0 && k + 3 < K) return *reinterpret_cast<const int*>(p);
    return pack4(k < K ? p[0] : 0, k + 1 < K ? p[1] : 0, k + 2 < K ? p[2] : 0, k + 3 < K ? p[3] : 0);
}

template <bool kZeroPoints>
__global__ void __launch_bounds__(THREADS) qmm_dp4a_2d(const int8_t* A, const int8_t* B, int8_t* C, int M, int N,
                                                       int K, float m, int za, int zb, int zc) {
    __shared__ __align__(16) int As[KQ][LD];  // As[kq][row]
    __shared__ __align__(16) int Bs[KQ][LD];  // Bs[kq][col]
    const int t = threadIdx.x;
    const int tr = (t / 16) * TM, tc = (t % 16) * TN;
    const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    int acc[TM][TN];
    int row_sum[TM], col_sum[TN];
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        row_sum[i] = 0;
        col_sum[i] = 0;
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0;
    }

    for (int k0 = 0; k0 < K; k0 += 4 * KQ) {
#pragma unroll
        for (int s = 0; s < BM * KQ / THREADS; ++s) {
            const int i = t + s * THREADS;
            const int r = i / KQ, q = i % KQ;
            As[q][r] = bm + r < M ? load_a4(A, bm + r, k0 + 4 * q, K) : 0;
        }
#pragma unroll
        for (int s = 0; s < KQ * BN / THREADS; ++s) {
            const int i = t + s * THREADS;
            const int q = i / BN, c = i % BN;
            const int k = k0 + 4 * q, gc = bn + c;
            int b = 0;
            if (gc < N) {
                const int8_t* p = B + (size_t)k * N + gc;
                b = pack4(k < K ? p[0] : 0, k + 1 < K ? p[N] : 0, k + 2 < K ? p[2 * (size_t)N] : 0,
                          k + 3 < K ? p[3 * (size_t)N] : 0);
            }
            Bs[q][c] = b;
        }
        __syncthreads();
#pragma unroll
        for (int q = 0; q < KQ; ++q) {
            const int4 a0 = *reinterpret_cast<const int4*>(&As[q][tr]);
            const int4 a1 = *reinterpret_cast<const int4*>(&As[q][tr + 4]);
            const int4 b0 = *reinterpret_cast<const int4*>(&Bs[q][tc]);
            const int4 b1 = *reinterpret_cast<const int4*>(&Bs[q][tc + 4]);
            const int a[TM] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
            const int b[TN] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
            if (kZeroPoints) {
#pragma unroll
                for (int i = 0; i < TM; ++i) row_sum[i] = __dp4a(a[i], 0x01010101, row_sum[i]);
#pragma unroll
                for (int j = 0; j < TN; ++j) col_sum[j] = __dp4a(b[j], 0x01010101, col_sum[j]);
            }
        }
        __syncthreads();
    }
    const int k_za_zb = K * za * zb;
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int gr = bm + tr + i;
        if (gr >= M) break;
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int gc = bn + tc + j;
            if (gc < N) {
                int v = acc[i][j];
                if (kZeroPoints) v += k_za_zb - zb * row_sum[i] - za * col_sum[j];
                C[(size_t)gr * N + gc] = requantize(v, m, zc);
            }
        }
    }
}

extern "C" void solve(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float scale_A, float scale_B,
                      float scale_C, int zero_point_A, int zero_point_B, int zero_point_C) {
    const float m = scale_A * scale_B / scale_C;  // step 2, in float
    const dim3 blocks((N + BN - 1) / BN, (M + BM - 1) / BM);
    if (zero_point_A != 0 || zero_point_B != 0)
        qmm_dp4a_2d<true><<<blocks, THREADS>>>(A, B, C, M, N, K, m, zero_point_A, zero_point_B, zero_point_C);
    else
        qmm_dp4a_2d<false><<<blocks, THREADS>>>(A, B, C, M, N, K, m, zero_point_A, zero_point_B, zero_point_C);
    cudaDeviceSynchronize();
}
