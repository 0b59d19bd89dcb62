// WRONG: regtile without the row guard on the final store. The last block writes all 64 of its
// query rows, so whenever M is not a multiple of 64 (example 1 has M = 4) it stores past the end
// of output.
#include <cuda_runtime.h>

#define BM 64   // queries per block
#define KB 128  // keys per block: 64 + 2 * window_size <= 128
#define THREADS 256

template <int D>
__global__ __launch_bounds__(THREADS) void band_kernel(const float* Q, const float* K, const float* V, float* O, int M,
                                                       int d, int w, float scale) {
    extern __shared__ float smem[];
    float* Qs = smem;               // [BM][D + 1]
    float* Ks = Qs + BM * (D + 1);  // [KB][D + 1]
    float* Vs = Ks + KB * (D + 1);  // [KB][D]
    float* Pt = Vs + KB * D;        // [KB][BM + 1], probabilities transposed: Pt[key][query]
    const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    const int i0 = blockIdx.x * BM, kbase = i0 - w, nk = BM + 2 * w;  // local key k is row kbase + k

    for (int e = tid; e < BM * D; e += THREADS) {
        const int r = e / D, c = e % D;
        Qs[r * (D + 1) + c] = (i0 + r < M && c < d) ? Q[(size_t)(i0 + r) * d + c] : 0.0f;
    }
    for (int e = tid; e < KB * D; e += THREADS) {
        const int r = e / D, c = e % D, j = kbase + r;
        const bool ok = r < nk && j >= 0 && j < M && c < d;
        Ks[r * (D + 1) + c] = ok ? K[(size_t)j * d + c] : 0.0f;
        Vs[r * D + c] = ok ? V[(size_t)j * d + c] : 0.0f;
    }
    __syncthreads();

    float s[4][8];
    for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 8; ++y) s[x][y] = 0.0f;
#pragma unroll 4
    for (int k = 0; k < D; ++k) {
        float a[4], b[8];
        for (int x = 0; x < 4; ++x) a[x] = Qs[(ty * 4 + x) * (D + 1) + k];
        for (int y = 0; y < 8; ++y) b[y] = Ks[(tx + 16 * y) * (D + 1) + k];
        for (int x = 0; x < 4; ++x)
            for (int y = 0; y < 8; ++y) s[x][y] += a[x] * b[y];
    }

    // Row q (query i0 + q) sees local keys q .. q + 2w that exist (0 <= kbase + k < M). The 16
    // threads sharing a row are one half-warp; every row has at least its own key.
    for (int x = 0; x < 4; ++x) {
        const int q = ty * 4 + x;
        float mx = -INFINITY;
        for (int y = 0; y < 8; ++y) {
            const int k = tx + 16 * y, j = kbase + k;
            const bool in = k >= q && k <= q + 2 * w && j >= 0 && j < M;
            s[x][y] = in ? s[x][y] * scale : -INFINITY;
            mx = fmaxf(mx, s[x][y]);
        }
        for (int off = 8; off > 0; off >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, off));
        float sum = 0.0f;
        for (int y = 0; y < 8; ++y) {
            s[x][y] = expf(s[x][y] - mx);
            sum += s[x][y];
        }
        for (int off = 8; off > 0; off >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, off);
        const float inv = 1.0f / sum;
        for (int y = 0; y < 8; ++y) Pt[(tx + 16 * y) * (BM + 1) + q] = s[x][y] * inv;
    }
    __syncthreads();

    float o[4][D / 16];
    for (int x = 0; x < 4; ++x)
        for (int c = 0; c < D / 16; ++c) o[x][c] = 0.0f;
#pragma unroll 4
    for (int k = 0; k < KB; ++k) {
        float p[4];
        for (int x = 0; x < 4; ++x) p[x] = Pt[k * (BM + 1) + ty * 4 + x];
        for (int c = 0; c < D / 16; ++c) {
            const float v = Vs[k * D + tx + 16 * c];
            for (int x = 0; x < 4; ++x) o[x][c] += p[x] * v;
        }
    }
    for (int x = 0; x < 4; ++x) {
        const int i = i0 + ty * 4 + x;  // BUG: no i < M check
        for (int c = 0; c < D / 16; ++c) {
            const int col = tx + 16 * c;
            if (col < d) O[(size_t)i * d + col] = o[x][c];
        }
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int window_size) {
    const float scale = 1.0f / sqrtf((float)d);
    const int blocks = (M + BM - 1) / BM;
    if (d <= 64) {
        const int smem = (int)sizeof(float) * (BM * 65 + KB * 65 + KB * 64 + KB * (BM + 1));
        cudaFuncSetAttribute(band_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
        band_kernel<64><<<blocks, THREADS, smem>>>(Q, K, V, output, M, d, window_size, scale);
    } else {
        const int smem = (int)sizeof(float) * (BM * 129 + KB * 129 + KB * 128 + KB * (BM + 1));
        cudaFuncSetAttribute(band_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
        band_kernel<128><<<blocks, THREADS, smem>>>(Q, K, V, output, M, d, window_size, scale);
    }
}
