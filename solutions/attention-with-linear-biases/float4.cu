// regtile-8x8 with 128-bit accesses: each thread loads its share of a tile with one float4 (rows
// 16-byte aligned when d is a multiple of 4; the scratch rows are padded to a multiple of 4), A's
// tile is stored transposed so a thread reads its 8 rows as two float4, and its 8 columns of B
// are two float4 64 floats apart (tx*4 and 64 + tx*4), which keeps a quarter-warp on different
// banks. Four load instructions per step feed 64 multiply-adds.
#include <cuda_runtime.h>

#define BM 128  // rows of C per block
#define BN 128  // columns of C per block
#define BK 8    // inner-dimension slice per step

// Thread (ty, tx) of 16 x 16 owns rows ty*4 + x and 64 + ty*4 + x and columns tx*4 + y and
// 64 + tx*4 + y (x, y < 4): its shared-memory reads are two float4 of A and two of B per step.

// The tile of A (BM rows x BK) at rows row0.., columns t0..: one float4 per thread, transposed
// into As[t][r]. vec: lda % 4 == 0, so a row's float4 is aligned; otherwise scalar loads.
__device__ __forceinline__ void load_a(float (*As)[BM], const float* A, int row0, int rows, int t0, int inner, int lda,
                                       bool vec) {
    const int r = threadIdx.x / 2, t = (threadIdx.x % 2) * 4;
    const int i = row0 + r;
    float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    if (i < rows) {
        const float* src = A + (size_t)i * lda + t0 + t;
        if (vec && t0 + t + 4 <= inner) {
            const float4 f = *reinterpret_cast<const float4*>(src);
            v[0] = f.x, v[1] = f.y, v[2] = f.z, v[3] = f.w;
        } else {
            for (int e = 0; e < 4; ++e) v[e] = t0 + t + e < inner ? src[e] : 0.0f;
        }
    }
    for (int e = 0; e < 4; ++e) As[t + e][r] = v[e];
}

// The tile of B (BK x BN) at inner rows t0.., columns col0.. when B(t, j) = B[t * ldb + j]: one
// float4 per thread along j.
__device__ __forceinline__ void load_b_rows(float (*Bs)[BN], const float* B, int col0, int cols, int t0, int inner,
                                            int ldb, bool vec) {
    const int t = threadIdx.x / 32, c = (threadIdx.x % 32) * 4;
    const int j = col0 + c;
    float4 f = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (t0 + t < inner) {
        const float* src = B + (size_t)(t0 + t) * ldb + j;
        if (vec && j + 4 <= cols) {
            f = *reinterpret_cast<const float4*>(src);
        } else {
            f.x = j < cols ? src[0] : 0.0f;
            f.y = j + 1 < cols ? src[1] : 0.0f;
            f.z = j + 2 < cols ? src[2] : 0.0f;
            f.w = j + 3 < cols ? src[3] : 0.0f;
        }
    }
    *reinterpret_cast<float4*>(&Bs[t][c]) = f;
}

// C(i, j) = sum over t < inner of A[i * lda + t] * B(t, j) for i < rows, j < cols, with
// B(t, j) = B[j * ldb + t] when TRANS_B (scores: B is K, loaded like A) and B[t * ldb + j]
// otherwise (output: B is V). EPI 0 writes the biased, scaled score; EPI 1 the plain sum.
template <bool TRANS_B, int EPI>
__global__ __launch_bounds__(256) void gemm_kernel(const float* A, const float* B, float* C, int rows, int cols,
                                                   int inner, int lda, int ldb, int ldc, float scale, float alpha) {
    __shared__ __align__(16) float As[BK][BM];  // transposed: As[t][i]
    __shared__ __align__(16) float Bs[BK][BN];
    const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    const bool vec_a = lda % 4 == 0, vec_b = ldb % 4 == 0;
    float acc[8][8];
    for (int x = 0; x < 8; ++x)
        for (int y = 0; y < 8; ++y) acc[x][y] = 0.0f;
    for (int t0 = 0; t0 < inner; t0 += BK) {
        load_a(As, A, row0, rows, t0, inner, lda, vec_a);
        if (TRANS_B)
            load_a(Bs, B, col0, cols, t0, inner, ldb, vec_b);
        else
            load_b_rows(Bs, B, col0, cols, t0, inner, ldb, vec_b);
        __syncthreads();
#pragma unroll
        for (int t = 0; t < BK; ++t) {
            const float4 a0 = *reinterpret_cast<const float4*>(&As[t][ty * 4]);
            const float4 a1 = *reinterpret_cast<const float4*>(&As[t][64 + ty * 4]);
            const float4 b0 = *reinterpret_cast<const float4*>(&Bs[t][tx * 4]);
            const float4 b1 = *reinterpret_cast<const float4*>(&Bs[t][64 + tx * 4]);
            const float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
            const float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
            for (int x = 0; x < 8; ++x)
                for (int y = 0; y < 8; ++y) acc[x][y] += a[x] * b[y];
        }
        __syncthreads();
    }
    const bool vec_c = ldc % 4 == 0;
    for (int x = 0; x < 8; ++x) {
        const int i = row0 + (x < 4 ? ty * 4 + x : 64 + ty * 4 + x - 4);
        if (i >= rows) continue;
        for (int h = 0; h < 2; ++h) {
            const int j = col0 + h * 64 + tx * 4;
            float v[4];
            for (int y = 0; y < 4; ++y)
                v[y] = EPI == 0 ? acc[x][4 * h + y] * scale + alpha * (float)(i - (j + y)) : acc[x][4 * h + y];
            float* dst = C + (size_t)i * ldc + j;
            if (vec_c && j + 4 <= cols) {
                *reinterpret_cast<float4*>(dst) = make_float4(v[0], v[1], v[2], v[3]);
            } else {
                for (int y = 0; y < 4 && j + y < cols; ++y) dst[y] = v[y];
            }
        }
    }
}

#define ROW_THREADS 256

__device__ float block_reduce(float v, bool is_max, float* red) {
    for (int o = 16; o > 0; o >>= 1) {
        const float other = __shfl_xor_sync(0xffffffffu, v, o);
        v = is_max ? fmaxf(v, other) : v + other;
    }
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) red[warp] = v;
    __syncthreads();
    v = red[0];
    for (int w = 1; w < ROW_THREADS / 32; ++w) v = is_max ? fmaxf(v, red[w]) : v + red[w];
    __syncthreads();  // red is reused by the next reduction
    return v;
}

// One block per row: coalesced passes, warp-shuffle reductions.
__global__ void softmax_kernel(float* S, int M, int N, int ldS) {
    __shared__ float red[ROW_THREADS / 32];
    float* row = S + (size_t)blockIdx.x * ldS;
    const int tid = threadIdx.x;
    float m = -INFINITY;
    for (int j = tid; j < N; j += ROW_THREADS) m = fmaxf(m, row[j]);
    m = block_reduce(m, true, red);
    float sum = 0.0f;
    for (int j = tid; j < N; j += ROW_THREADS) {
        const float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    const float inv = 1.0f / block_reduce(sum, false, red);
    for (int j = tid; j < N; j += ROW_THREADS) row[j] *= inv;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int d, float alpha) {
    const int ldS = (N + 3) / 4 * 4;  // padded so every row of the scratch starts 16-byte aligned
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * ldS);
    gemm_kernel<true, 0><<<dim3((N + BN - 1) / BN, (M + BM - 1) / BM), 256>>>(Q, K, S, M, N, d, d, d, ldS,
                                                                              1.0f / sqrtf((float)d), alpha);
    softmax_kernel<<<M, ROW_THREADS>>>(S, M, N, ldS);
    gemm_kernel<false, 1>
        <<<dim3((d + BN - 1) / BN, (M + BM - 1) / BM), 256>>>(S, V, output, M, d, N, ldS, d, d, 1.0f, 0.0f);
    cudaFree(S);
}
