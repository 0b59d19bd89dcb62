// Register tiles for both products: one templated kernel computes 64 x 64 tiles of C = A B with
// 256 threads, each accumulating a 4 x 4 patch in registers from 16-deep slices of A and B in
// shared memory, so every shared-memory load feeds 4 multiply-adds instead of 1. It produces the
// biased scores (B = K, transposed access) and the output (B = V) around the block-per-row softmax.
#include <cuda_runtime.h>

#define BM 64         // rows of C per block
#define BN 64         // columns of C per block
#define BK 16         // inner-dimension slice per step
#define TM 4          // rows per thread
#define TN 4          // columns per thread
#define TX (BN / TN)  // threads along the columns: 16

// C(i, j) = sum over t < inner of A[i * lda + t] * B(t, j), for i < rows and j < cols, where
// B(t, j) = B[j * ldb + t] when TRANS_B (the scores: B is K) and B[t * ldb + j] otherwise (the
// output: B is V). EPI 0 writes the biased, scaled score; EPI 1 the plain sum. Thread (ty, tx)
// owns rows ty*TM + x and columns tx + TX*y: its B reads are consecutive across the half-warp.
template <bool TRANS_B, int EPI>
__global__ __launch_bounds__(256) void gemm_kernel(const float* A, const float* B, float* C, int rows, int cols,
                                                   int inner, int lda, int ldb, int ldc, float scale, float alpha) {
    __shared__ float As[BK][BM + 1];  // transposed: As[t][i]
    __shared__ float Bs[BK][BN + 1];
    const int tid = threadIdx.x, tx = tid % TX, ty = tid / TX;
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    float acc[TM][TN];
    for (int x = 0; x < TM; ++x)
        for (int y = 0; y < TN; ++y) acc[x][y] = 0.0f;
    for (int t0 = 0; t0 < inner; t0 += BK) {
        for (int e = tid; e < BM * BK; e += 256) {
            const int r = e / BK, t = e % BK;
            As[t][r] = (row0 + r < rows && t0 + t < inner) ? A[(size_t)(row0 + r) * lda + t0 + t] : 0.0f;
        }
        for (int e = tid; e < BN * BK; e += 256) {
            if (TRANS_B) {
                const int c = e / BK, t = e % BK;
                Bs[t][c] = (col0 + c < cols && t0 + t < inner) ? B[(size_t)(col0 + c) * ldb + t0 + t] : 0.0f;
            } else {
                const int t = e / BN, c = e % BN;
                Bs[t][c] = (t0 + t < inner && col0 + c < cols) ? B[(size_t)(t0 + t) * ldb + col0 + c] : 0.0f;
            }
        }
        __syncthreads();
#pragma unroll
        for (int t = 0; t < BK; ++t) {
            float a[TM], b[TN];
            for (int x = 0; x < TM; ++x) a[x] = As[t][ty * TM + x];
            for (int y = 0; y < TN; ++y) b[y] = Bs[t][tx + TX * y];
            for (int x = 0; x < TM; ++x)
                for (int y = 0; y < TN; ++y) acc[x][y] += a[x] * b[y];
        }
        __syncthreads();
    }
    for (int x = 0; x < TM; ++x) {
        const int i = row0 + ty * TM + x;
        if (i >= rows) continue;
        for (int y = 0; y < TN; ++y) {
            const int j = col0 + tx + TX * y;
            if (j < cols) C[(size_t)i * ldc + j] = EPI == 0 ? acc[x][y] * scale + alpha * (float)(i - j) : acc[x][y];
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
__global__ void softmax_kernel(float* S, int M, int N) {
    __shared__ float red[ROW_THREADS / 32];
    float* row = S + (size_t)blockIdx.x * N;
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
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * N);
    gemm_kernel<true, 0>
        <<<dim3((N + BN - 1) / BN, (M + BM - 1) / BM), 256>>>(Q, K, S, M, N, d, d, d, N, 1.0f / sqrtf((float)d), alpha);
    softmax_kernel<<<M, ROW_THREADS>>>(S, M, N);
    gemm_kernel<false, 1>
        <<<dim3((d + BN - 1) / BN, (M + BM - 1) / BM), 256>>>(S, V, output, M, d, N, N, d, d, 1.0f, 0.0f);
    cudaFree(S);
}
