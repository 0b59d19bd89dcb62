// Tensor cores programmed directly: mma.sync m16n8k32 (int8 inputs, int32 accumulators) fed by
// ldmatrix, with a 4-stage cp.async pipeline, 128 x 128 x 64 block tiles and 8 warps of 64 x 32.
// mma wants B with k contiguous (column by column), so a first kernel writes B transposed into
// scratch memory (8 MB at the performance size, a few microseconds); then A and B^T tiles are
// both [row][k] and one ldmatrix.x4 loads a 16 x 32 operand block. Compared with WMMA, the
// fragments' register layout is known, so the epilogue requantizes straight from registers.
// Rows of A that are not 16-byte aligned (K not a multiple of 16) are copied into padded scratch.
#include <cuda_runtime.h>
#include <stdint.h>

#define BM 128
#define BN 128
#define BK 64
#define STAGES 4
#define THREADS 256
#define LDS_ROW (BK + 16)  // 80 bytes: the 8 rows an ldmatrix reads fall in 8 distinct 16-byte bank groups
#define TILE_BYTES (BM * LDS_ROW)
#define SMEM_BYTES (STAGES * 2 * TILE_BYTES)  // 81,920 bytes
#define MAX_DIM 8192
#define TT 64  // transpose tile

__device__ int row_sums_a[MAX_DIM];
__device__ int col_sums_b[MAX_DIM];

__device__ __forceinline__ int8_t requantize(int acc, float m, int zero_point_c) {
    const float q = rintf(__int2float_rn(acc) * m);
    return (int8_t)(int)fminf(fmaxf(q + (float)zero_point_c, -128.0f), 127.0f);
}

__global__ void operand_sums(const int8_t* A, const int8_t* B, int M, int N, int K) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int warp = gid / 32, lane = gid % 32;
    if (warp < M) {
        int s = 0;
        for (int k = lane; k < K; k += 32) s += A[(size_t)warp * K + k];
        for (int offset = 16; offset > 0; offset /= 2) s += __shfl_xor_sync(0xffffffffu, s, offset);
        if (lane == 0) row_sums_a[warp] = s;
    }
    if (gid < N) {
        int s = 0;
        for (int k = 0; k < K; ++k) s += B[(size_t)k * N + gid];
        col_sums_b[gid] = s;
    }
}

// Bt[n][k] = B[k][n] for k < K and 0 for K <= k < Kp (Kp a multiple of 16). A 64 x 64 tile per
// block of 256 threads, through shared memory.
__global__ void transpose_b(const int8_t* B, int8_t* Bt, int K, int N, int Kp) {
    __shared__ __align__(16) signed char tile[TT][TT + 16];
    const int t = threadIdx.x;
    const int k0 = blockIdx.y * TT, n0 = blockIdx.x * TT;
    const int r = t / 4, c = (t % 4) * 16;
    {
        const int k = k0 + r, n = n0 + c;
        uint4 v = make_uint4(0, 0, 0, 0);
        if (k < K) {
            const int8_t* p = B + (size_t)k * N + n;
            if (N % 16 == 0 && n + 16 <= N) {
                v = *reinterpret_cast<const uint4*>(p);
            } else {
                unsigned w[4] = {0u, 0u, 0u, 0u};
#pragma unroll
                for (int e = 0; e < 16; ++e)
                    if (n + e < N) w[e / 4] |= (unsigned)(unsigned char)p[e] << (8 * (e % 4));
                v = make_uint4(w[0], w[1], w[2], w[3]);
            }
        }
        *reinterpret_cast<uint4*>(&tile[r][c]) = v;
    }
    __syncthreads();
    const int n = n0 + r, k = k0 + c;  // this thread writes Bt[n][k .. k + 15] from column r of the tile
    if (n < N && k < Kp) {
        unsigned w[4] = {0u, 0u, 0u, 0u};
#pragma unroll
        for (int e = 0; e < 16; ++e) w[e / 4] |= (unsigned)(unsigned char)tile[c + e][r] << (8 * (e % 4));
        *reinterpret_cast<uint4*>(Bt + (size_t)n * Kp + k) = make_uint4(w[0], w[1], w[2], w[3]);
    }
}

// Ap[row][k] = A[row][k] for k < K, 0 up to Kp: rows 16-byte aligned for cp.async.
__global__ void pad_a(const int8_t* A, int8_t* Ap, int M, int K, int Kp) {
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (size_t)M * Kp) {
        const int row = (int)(i / Kp), k = (int)(i % Kp);
        Ap[i] = k < K ? A[(size_t)row * K + k] : 0;
    }
}

__device__ __forceinline__ unsigned smem_addr(const void* p) {
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void cp_async16(void* dst, const void* src, int src_bytes) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(smem_addr(dst)), "l"(src), "r"(src_bytes));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N>
__device__ __forceinline__ void cp_async_wait() {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}
// Four 8 x 8 matrices of 16-bit elements (here: 8 rows of 16 int8 each); lane l gives the
// address of row l % 8 of matrix l / 8.
__device__ __forceinline__ void ldmatrix_x4(unsigned (&r)[4], const signed char* p) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(smem_addr(p)));
}
// d += a (16 x 32, row-major) * b (32 x 8, column-major), int8 inputs, int32 accumulators.
__device__ __forceinline__ void mma_16832(int (&d)[4], const unsigned (&a)[4], unsigned b0, unsigned b1) {
    asm volatile(
        "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
        "{%0, %1, %2, %3};\n"
        : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// Stage the 128 x 64 tiles of A (rows of A) and B^T (rows of Bt) that start at k0: 512 chunks
// of 16 bytes each, 2 + 2 per thread, zeros past the edges.
__device__ __forceinline__ void load_tile(const int8_t* A, const int8_t* Bt, int M, int N, int Kp, int bm, int bn,
                                          int k0, int t, signed char* as, signed char* bs) {
#pragma unroll
    for (int i = 0; i < 2; ++i) {
        const int c = t + i * THREADS;
        const int r = c / 4, kc = (c % 4) * 16;
        const int k = k0 + kc;
        const bool va = bm + r < M && k < Kp, vb = bn + r < N && k < Kp;
        cp_async16(as + r * LDS_ROW + kc, va ? A + (size_t)(bm + r) * Kp + k : A, va ? 16 : 0);
        cp_async16(bs + r * LDS_ROW + kc, vb ? Bt + (size_t)(bn + r) * Kp + k : Bt, vb ? 16 : 0);
    }
}

__global__ void __launch_bounds__(THREADS, 2) qmm_mma(const int8_t* A, const int8_t* Bt, int8_t* C, int M, int N,
                                                     int K, int Kp, float m, int za, int zb, int zc,
                                                     bool zero_points) {
    extern __shared__ __align__(128) signed char smem[];
    signed char* const As = smem;                        // stage s at As + s * TILE_BYTES
    signed char* const Bs = smem + STAGES * TILE_BYTES;  // stage s at Bs + s * TILE_BYTES
    const int t = threadIdx.x, warp = t / 32, lane = t % 32;
    const int wm = (warp / 4) * 64, wn = (warp % 4) * 32;
    const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    const int steps = (Kp + BK - 1) / BK;

    int acc[4][4][4];  // [m16 tile][n8 tile][c0..c3]
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
#pragma unroll
            for (int e = 0; e < 4; ++e) acc[i][j][e] = 0;

#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < steps) load_tile(A, Bt, M, N, Kp, bm, bn, s * BK, t, As + s * TILE_BYTES, Bs + s * TILE_BYTES);
        cp_async_commit();
    }
    // ldmatrix addresses: lane l reads row l % 16 at byte (l / 16) * 16 of a 16 x 32 block.
    const int lrow = lane % 16, lcol = (lane / 16) * 16;
    for (int s = 0; s < steps; ++s) {
        cp_async_wait<STAGES - 2>();  // this thread's copies of tile s have landed
        __syncthreads();              // everyone's have, and everyone is done with tile s - 1
        const int next = s + STAGES - 1;
        if (next < steps)
            load_tile(A, Bt, M, N, Kp, bm, bn, next * BK, t, As + (next % STAGES) * TILE_BYTES,
                      Bs + (next % STAGES) * TILE_BYTES);
        cp_async_commit();
        const signed char* a_cur = As + (s % STAGES) * TILE_BYTES;
        const signed char* b_cur = Bs + (s % STAGES) * TILE_BYTES;
#pragma unroll
        for (int kk = 0; kk < BK; kk += 32) {
            unsigned a[4][4], b[2][4];
#pragma unroll
            for (int i = 0; i < 4; ++i) ldmatrix_x4(a[i], a_cur + (wm + i * 16 + lrow) * LDS_ROW + kk + lcol);
            // b[jj]: b0 of n8 tiles 2 jj and 2 jj + 1 in [0], [1], their b1 in [2], [3].
#pragma unroll
            for (int jj = 0; jj < 2; ++jj) ldmatrix_x4(b[jj], b_cur + (wn + jj * 16 + lrow) * LDS_ROW + kk + lcol);
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) mma_16832(acc[i][j], a[i], b[j / 2][j % 2], b[j / 2][2 + j % 2]);
        }
    }
    cp_async_wait<0>();

    // Accumulator layout of m16n8: lane holds (g, 2q), (g, 2q + 1), (g + 8, 2q), (g + 8, 2q + 1)
    // with g = lane / 4, q = lane % 4.
    const int g = lane / 4, q = lane % 4;
    const int k_za_zb = K * za * zb;
    const bool pairs = N % 2 == 0;  // then (row, even col) is 2-byte aligned
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const int row = bm + wm + i * 16 + g + 8 * h;
            if (row >= M) continue;
            const int rs = zero_points ? zb * row_sums_a[row] : 0;
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                const int col = bn + wn + j * 8 + 2 * q;
                if (col >= N) continue;
                int v0 = acc[i][j][2 * h], v1 = acc[i][j][2 * h + 1];
                if (zero_points) {
                    v0 += k_za_zb - rs - za * col_sums_b[col];
                    if (col + 1 < N) v1 += k_za_zb - rs - za * col_sums_b[col + 1];
                }
                int8_t* p = C + (size_t)row * N + col;
                if (pairs && col + 1 < N) {
                    *reinterpret_cast<char2*>(p) = make_char2(requantize(v0, m, zc), requantize(v1, m, zc));
                } else {
                    p[0] = requantize(v0, m, zc);
                    if (col + 1 < N) p[1] = requantize(v1, m, zc);
                }
            }
        }
}

extern "C" void solve(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float scale_A, float scale_B,
                      float scale_C, int zero_point_A, int zero_point_B, int zero_point_C) {
    static int8_t* bt = nullptr;
    static size_t bt_bytes = 0;
    static int8_t* ap = nullptr;
    static size_t ap_bytes = 0;
    const float m = scale_A * scale_B / scale_C;  // step 2, in float
    const bool zero_points = zero_point_A != 0 || zero_point_B != 0;
    const int Kp = (K + 15) / 16 * 16;

    const size_t need_bt = (size_t)N * Kp;
    if (need_bt > bt_bytes) {
        cudaFree(bt);
        cudaMalloc(&bt, need_bt);
        bt_bytes = need_bt;
    }
    transpose_b<<<dim3((N + TT - 1) / TT, (Kp + TT - 1) / TT), 256>>>(B, bt, K, N, Kp);
    const int8_t* a_rows = A;
    if (Kp != K) {
        const size_t need_ap = (size_t)M * Kp;
        if (need_ap > ap_bytes) {
            cudaFree(ap);
            cudaMalloc(&ap, need_ap);
            ap_bytes = need_ap;
        }
        pad_a<<<(unsigned)((need_ap + 255) / 256), 256>>>(A, ap, M, K, Kp);
        a_rows = ap;
    }
    if (zero_points) {
        const int threads = 256;
        const int work = M * 32 > N ? M * 32 : N;
        operand_sums<<<(work + threads - 1) / threads, threads>>>(A, B, M, N, K);
    }
    cudaFuncSetAttribute(qmm_mma, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES);
    const dim3 blocks((N + BN - 1) / BN, (M + BM - 1) / BM);
    qmm_mma<<<blocks, THREADS, SMEM_BYTES>>>(a_rows, bt, C, M, N, K, Kp, m, zero_point_A, zero_point_B, zero_point_C,
                                             zero_points);
    cudaDeviceSynchronize();
}
