// WRONG: tile-128x64 with the gate and the up projection swapped in the epilogue, silu(up) * gate
// instead of silu(gate) * up: a different function wherever the two differ (example 1, where
// gate = [1, -1, 1] and up = [1, 1, 1]).
#include <cuda_runtime.h>

#define BM 128  // rows of C per block
#define BN 64  // columns of C per block
#define BK 16  // step along the inner dimension
#define TM 8  // rows per thread
#define TN 4   // columns per thread
#define THREADS ((BM / TM) * (BN / TN))
#define A_PER (BM * BK / THREADS)  // staged elements of A per thread
#define B_PER (BK * BN / THREADS)  // staged elements of each B per thread
#define VEC true  // float4 global loads and shared reads

// Global -> registers: this thread's share of the BM x BK tile of A at (m0, k0) and of the
// BK x BN tile of B at (k0, n0), zeros outside the matrices. With vec (row lengths a multiple of
// 4, so every row starts on a 16-byte boundary) in float4 pieces, else one float at a time.
__device__ __forceinline__ void fetch_a(float* r, const float* A, int m0, int k0, int M, int K, bool vec) {
    if (VEC && vec) {
        for (int v = 0; v < A_PER / 4; ++v) {
            const int e = threadIdx.x + v * THREADS, row = e / (BK / 4), c = (e % (BK / 4)) * 4;
            float4 q = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
            if (m0 + row < M && k0 + c < K) q = *reinterpret_cast<const float4*>(A + (size_t)(m0 + row) * K + k0 + c);
            r[4 * v] = q.x, r[4 * v + 1] = q.y, r[4 * v + 2] = q.z, r[4 * v + 3] = q.w;
        }
    } else {
        for (int v = 0; v < A_PER; ++v) {
            const int e = threadIdx.x + v * THREADS, row = e / BK, c = e % BK;
            r[v] = (m0 + row < M && k0 + c < K) ? A[(size_t)(m0 + row) * K + k0 + c] : 0.0f;
        }
    }
}
__device__ __forceinline__ void fetch_b(float* r, const float* B, int k0, int n0, int K, int N, bool vec) {
    if (VEC && vec) {
        for (int v = 0; v < B_PER / 4; ++v) {
            const int e = threadIdx.x + v * THREADS, row = e / (BN / 4), c = (e % (BN / 4)) * 4;
            float4 q = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
            if (k0 + row < K && n0 + c < N) q = *reinterpret_cast<const float4*>(B + (size_t)(k0 + row) * N + n0 + c);
            r[4 * v] = q.x, r[4 * v + 1] = q.y, r[4 * v + 2] = q.z, r[4 * v + 3] = q.w;
        }
    } else {
        for (int v = 0; v < B_PER; ++v) {
            const int e = threadIdx.x + v * THREADS, row = e / BN, c = e % BN;
            r[v] = (k0 + row < K && n0 + c < N) ? B[(size_t)(k0 + row) * N + n0 + c] : 0.0f;
        }
    }
}
// Registers -> shared memory, in the layout of the fetch: A transposed (As[k][m]) so a thread's
// TM rows are adjacent, B as it is (Bs[k][n]).
__device__ __forceinline__ void store_a(float (*As)[BM + 4], const float* r, bool vec) {
    if (VEC && vec) {
        for (int v = 0; v < A_PER / 4; ++v) {
            const int e = threadIdx.x + v * THREADS, row = e / (BK / 4), c = (e % (BK / 4)) * 4;
            for (int q = 0; q < 4; ++q) As[c + q][row] = r[4 * v + q];
        }
    } else {
        for (int v = 0; v < A_PER; ++v) {
            const int e = threadIdx.x + v * THREADS;
            As[e % BK][e / BK] = r[v];
        }
    }
}
__device__ __forceinline__ void store_b(float (*Bs)[BN], const float* r, bool vec) {
    if (VEC && vec) {
        for (int v = 0; v < B_PER / 4; ++v) {
            const int e = threadIdx.x + v * THREADS, row = e / (BN / 4), c = (e % (BN / 4)) * 4;
            *reinterpret_cast<float4*>(&Bs[row][c]) = make_float4(r[4 * v], r[4 * v + 1], r[4 * v + 2], r[4 * v + 3]);
        }
    } else {
        for (int v = 0; v < B_PER; ++v) {
            const int e = threadIdx.x + v * THREADS;
            Bs[e / BN][e % BN] = r[v];
        }
    }
}

// The TM x TN outer products of one BK step, from shared memory into the accumulators.
template <bool DUAL>
__device__ __forceinline__ void mma_step(const float (*As)[BM + 4], const float (*Bs1)[BN], const float (*Bs2)[BN],
                                         float (&acc1)[TM][TN], float (&acc2)[TM][TN], int trow, int tcol) {
#pragma unroll
    for (int k = 0; k < BK; ++k) {
        float a[TM], b1[TN], b2[TN];
        if (VEC) {
            for (int i = 0; i < TM; i += 4) {
                const float4 q = *reinterpret_cast<const float4*>(&As[k][trow * TM + i]);
                a[i] = q.x, a[i + 1] = q.y, a[i + 2] = q.z, a[i + 3] = q.w;
            }
            const float4 q1 = *reinterpret_cast<const float4*>(&Bs1[k][tcol * TN]);
            b1[0] = q1.x, b1[1] = q1.y, b1[2] = q1.z, b1[3] = q1.w;
            if (DUAL) {
                const float4 q2 = *reinterpret_cast<const float4*>(&Bs2[k][tcol * TN]);
                b2[0] = q2.x, b2[1] = q2.y, b2[2] = q2.z, b2[3] = q2.w;
            }
        } else {
            for (int i = 0; i < TM; ++i) a[i] = As[k][trow * TM + i];
            for (int j = 0; j < TN; ++j) {
                b1[j] = Bs1[k][tcol * TN + j];
                if (DUAL) b2[j] = Bs2[k][tcol * TN + j];
            }
        }
        for (int i = 0; i < TM; ++i)
            for (int j = 0; j < TN; ++j) {
                acc1[i][j] += a[i] * b1[j];
                if (DUAL) acc2[i][j] += a[i] * b2[j];
            }
    }
}

// C (M x N) = A (M x K) B1 (K x N), row-major; with DUAL, C = silu(A B1) * (A B2), where
// silu(g) = g / (1 + e^-g) stays finite for any g.
template <bool DUAL>
__global__ __launch_bounds__(THREADS) void gemm_kernel(const float* __restrict__ A, const float* __restrict__ B1,
                                                       const float* __restrict__ B2, float* __restrict__ C, int M,
                                                       int N, int K) {
    __shared__ __align__(16) float As[BK][BM + 4];
    __shared__ __align__(16) float Bs1[BK][BN];
    __shared__ __align__(16) float Bs2[DUAL ? BK : 1][BN];
    const int trow = threadIdx.x / (BN / TN), tcol = threadIdx.x % (BN / TN);
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    const bool vec = K % 4 == 0 && N % 4 == 0;
    float acc1[TM][TN] = {}, acc2[TM][TN] = {};
    float ra[A_PER], rb1[B_PER], rb2[B_PER];
    for (int k0 = 0; k0 < K; k0 += BK) {
        fetch_a(ra, A, m0, k0, M, K, vec);
        fetch_b(rb1, B1, k0, n0, K, N, vec);
        if (DUAL) fetch_b(rb2, B2, k0, n0, K, N, vec);
        store_a(As, ra, vec);
        store_b(Bs1, rb1, vec);
        if (DUAL) store_b(Bs2, rb2, vec);
        __syncthreads();
        mma_step<DUAL>(As, Bs1, Bs2, acc1, acc2, trow, tcol);
        __syncthreads();  // the tiles are overwritten on the next step
    }
    for (int i = 0; i < TM; ++i) {
        const int row = m0 + trow * TM + i;
        if (row >= M) continue;
        for (int j = 0; j < TN; ++j) {
            const int col = n0 + tcol * TN + j;
            if (col >= N) continue;
            const float g = acc1[i][j];
            const float u = acc2[i][j];
            C[(size_t)row * N + col] = DUAL ? u / (1.0f + expf(-u)) * g : g;  // swapped
        }
    }
}

extern "C" void solve(const float* x, const float* W_gate, const float* W_up, const float* W_down, float* output, int M, int d_model, int d_ffn) {
    float* hidden = nullptr;
    cudaMalloc(&hidden, sizeof(float) * (size_t)M * d_ffn);
    // hidden = silu(x W_gate) * (x W_up), then output = hidden W_down.
    gemm_kernel<true><<<dim3((d_ffn + BN - 1) / BN, (M + BM - 1) / BM), THREADS>>>(x, W_gate, W_up, hidden, M, d_ffn,
                                                                                   d_model);
    gemm_kernel<false><<<dim3((d_model + BN - 1) / BN, (M + BM - 1) / BM), THREADS>>>(hidden, W_down, nullptr, output,
                                                                                      M, d_model, d_ffn);
    cudaFree(hidden);
}
