// The 64 x 64 tile and 4 x 4 outputs per thread of blocktile-4x4, with 16-byte accesses: where
// the rows are 16-byte aligned (d_in and rank multiples of 4) each thread brings in four
// consecutive values of one row of x or W as a float4 (half the threads load x's tile, half W's),
// and a thread's 4 rows and 4 columns are adjacent in shared memory, so each step of the inner
// dimension is two 16-byte shared loads for 16 multiply-adds instead of eight 4-byte ones.
// Shared rows are padded by 4 floats, so the transposing stores do not conflict.
#include <cuda_runtime.h>

#define BM 64
#define BN 64
#define BK 8
#define PAD 4
#define THREADS 256
#define T_CHUNK 128          // inner-dimension slice per block of the t pass
#define MAX_T (1024 * 256)  // batch * rank at most

__device__ float lora_t[MAX_T];

// Four consecutive values P[r][k .. k + 3] (k a multiple of 4), zero past the matrix.
__device__ __forceinline__ float4 load4(const float* P, int R, int K, int r, int k) {
    if (r >= R) return make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const float* p = P + (size_t)r * K;
    if (K % 4 == 0 && k + 3 < K) return *reinterpret_cast<const float4*>(p + k);
    return make_float4(k < K ? p[k] : 0.0f, k + 1 < K ? p[k + 1] : 0.0f, k + 2 < K ? p[k + 2] : 0.0f,
                       k + 3 < K ? p[k + 3] : 0.0f);
}

// C[m][n] = alpha * (P1[m] . Q1[n]) + (P2[m] . Q2[n]), rows of length K1 and K2.
__global__ void __launch_bounds__(THREADS) nt_vectorized(const float* P1, const float* Q1, int K1,
                                                         const float* P2, const float* Q2, int K2, float* C, int M,
                                                         int N, float alpha, int k_chunk, bool atomic) {
    __shared__ __align__(16) float Ps[BK][BM + PAD];
    __shared__ __align__(16) float Qs[BK][BN + PAD];
    const int tid = threadIdx.x;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    const int tx = tid % 16, ty = tid / 16;  // rows ty * 4 .. + 3, columns tx * 4 .. + 3
    const bool loads_q = tid >= 128;         // threads 0..127 load x's tile, 128..255 W's
    const int lr = (tid % 128) / 2, lk = (tid % 2) * 4;
    float acc[4][4] = {};
    for (int seg = 0; seg < 2; ++seg) {
        const float* P = seg == 0 ? P1 : P2;
        const float* Q = seg == 0 ? Q1 : Q2;
        const int K = seg == 0 ? K1 : K2;
        // Split-K (the t pass): this block's slice of the inner dimension; the second segment once.
        const int kb = seg == 0 ? blockIdx.z * k_chunk : 0;
        const int ke = seg == 0 ? min(K, kb + k_chunk) : (blockIdx.z == 0 ? K : 0);
        for (int k0 = kb; k0 < ke; k0 += BK) {
            const float4 v = loads_q ? load4(Q, N, K, n0 + lr, k0 + lk) : load4(P, M, K, m0 + lr, k0 + lk);
            float(*S)[BM + PAD] = loads_q ? Qs : Ps;
            S[lk + 0][lr] = v.x;
            S[lk + 1][lr] = v.y;
            S[lk + 2][lr] = v.z;
            S[lk + 3][lr] = v.w;
            __syncthreads();
#pragma unroll
            for (int kk = 0; kk < BK; ++kk) {
                const float4 a4 = *reinterpret_cast<const float4*>(&Ps[kk][ty * 4]);
                const float4 b4 = *reinterpret_cast<const float4*>(&Qs[kk][tx * 4]);
                const float a[4] = {a4.x, a4.y, a4.z, a4.w};
                const float b[4] = {b4.x, b4.y, b4.z, b4.w};
#pragma unroll
                for (int i = 0; i < 4; ++i) {
#pragma unroll
                    for (int j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
                }
            }
            __syncthreads();
        }
        if (seg == 0) {
#pragma unroll
            for (int i = 0; i < 4; ++i) {
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] *= alpha;
            }
        }
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        const int m = m0 + ty * 4 + i;
        const int n = n0 + tx * 4;
        if (m >= M) continue;
        float* c = C + (size_t)m * N;
        if (atomic) {
#pragma unroll
            for (int j = 0; j < 4; ++j)
                if (n + j < N) atomicAdd(c + n + j, acc[i][j]);
        } else if (N % 4 == 0 && n + 3 < N) {
            *reinterpret_cast<float4*>(c + n) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        } else {
#pragma unroll
            for (int j = 0; j < 4; ++j)
                if (n + j < N) c[n + j] = acc[i][j];
        }
    }
}

extern "C" void solve(const float* x, const float* W, const float* A, const float* B, float* output, int batch,
                      int d_in, int d_out, int rank, float lora_scale) {
    static float* t = nullptr;
    if (t == nullptr) cudaGetSymbolAddress(reinterpret_cast<void**>(&t), lora_t);
    // t = lora_scale * x A^T has few tiles (batch x rank), so its inner dimension is split in
    // slices of T_CHUNK, one block each, added into a zeroed t with atomicAdd.
    const int splits = (d_in + T_CHUNK - 1) / T_CHUNK;
    cudaMemsetAsync(t, 0, (size_t)batch * rank * sizeof(float));
    nt_vectorized<<<dim3((rank + BN - 1) / BN, (batch + BM - 1) / BM, splits), THREADS>>>(x, A, d_in, nullptr, nullptr, 0, t,
                                                                                 batch, rank, lora_scale, T_CHUNK,
                                                                                 true);
    nt_vectorized<<<dim3((d_out + BN - 1) / BN, (batch + BM - 1) / BM), THREADS>>>(x, W, d_in, t, B, rank, output, batch,
                                                                          d_out, 1.0f, d_in, false);
    cudaDeviceSynchronize();
}
