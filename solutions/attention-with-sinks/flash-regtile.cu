// Online softmax with register tiles: a block of 256 threads takes 64 queries and walks 64-key
// tiles of K and V staged in shared memory, only tile 0 (the sinks) and the tiles from the first
// query's window start to the diagonal; each thread computes a 4 x 4 patch of the 64 x 64 score
// tile and a 4 x (D/16) patch of the output, so every shared-memory value feeds 4 multiply-adds.
// Scalar loads; d is padded to D = 64 or 128.
#include <cuda_runtime.h>

#define BM 64  // queries per block
#define BN 64  // keys per step
#define THREADS 256

template <int D>
__global__ __launch_bounds__(THREADS) void flash_kernel(const float* Q, const float* K, const float* V, float* O, int M,
                                                        int d, int ns, int w, float scale) {
    extern __shared__ float smem[];
    float* Qs = smem;               // [BM][D + 1]
    float* Ks = Qs + BM * (D + 1);  // [BN][D + 1]
    float* Vs = Ks + BN * (D + 1);  // [BN][D]
    float* Pt = Vs + BN * D;        // [BN][BM + 1], probabilities transposed: Pt[key][query]
    const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    const int i0 = blockIdx.x * BM;

    for (int e = tid; e < BM * D; e += THREADS) {
        const int r = e / D, c = e % D;
        Qs[r * (D + 1) + c] = (i0 + r < M && c < d) ? Q[(size_t)(i0 + r) * d + c] : 0.0f;
    }
    // Thread (ty, tx) owns query rows ty*4 + x, score columns tx + 16*y, output columns tx + 16*c.
    float o[4][D / 16], m[4], l[4];
    for (int x = 0; x < 4; ++x) {
        m[x] = -INFINITY;
        l[x] = 0.0f;
        for (int c = 0; c < D / 16; ++c) o[x][c] = 0.0f;
    }

    // Key tiles with a key some query of the block may see: tile 0 (it holds every sink) and the
    // tiles from the first query's window start to the last query's own position.
    const int tlo = max(0, i0 - w + 1) / BN, thi = min(M - 1, i0 + BM - 1) / BN;
    const int steps = tlo <= 1 ? thi + 1 : thi - tlo + 2;
    for (int step = 0; step < steps; ++step) {
        const int j0 = BN * (tlo <= 1 ? step : (step == 0 ? 0 : tlo + step - 1));
        for (int e = tid; e < BN * D; e += THREADS) {
            const int r = e / D, c = e % D;
            const bool ok = j0 + r < M && c < d;
            Ks[r * (D + 1) + c] = ok ? K[(size_t)(j0 + r) * d + c] : 0.0f;
            Vs[r * D + c] = ok ? V[(size_t)(j0 + r) * d + c] : 0.0f;
        }
        __syncthreads();

        float s[4][4];
        for (int x = 0; x < 4; ++x)
            for (int y = 0; y < 4; ++y) s[x][y] = 0.0f;
#pragma unroll 4
        for (int k = 0; k < D; ++k) {
            float a[4], b[4];
            for (int x = 0; x < 4; ++x) a[x] = Qs[(ty * 4 + x) * (D + 1) + k];
            for (int y = 0; y < 4; ++y) b[y] = Ks[(tx + 16 * y) * (D + 1) + k];
            for (int x = 0; x < 4; ++x)
                for (int y = 0; y < 4; ++y) s[x][y] += a[x] * b[y];
        }

        // Online softmax per row; the 16 threads sharing a row are lanes of one half-warp.
        for (int x = 0; x < 4; ++x) {
            float mx = -INFINITY;
            for (int y = 0; y < 4; ++y) {
                const int i = i0 + ty * 4 + x, j = j0 + tx + 16 * y;
                s[x][y] = (j < M && j <= i && (j < ns || j >= i - w + 1)) ? s[x][y] * scale : -INFINITY;
                mx = fmaxf(mx, s[x][y]);
            }
            for (int off = 8; off > 0; off >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, off));
            const float m_new = fmaxf(m[x], mx);     // finite: step 0 holds key 0, a sink every row sees
            const float alpha = expf(m[x] - m_new);  // 0 on the first step
            float rs = 0.0f;
            for (int y = 0; y < 4; ++y) {
                s[x][y] = expf(s[x][y] - m_new);
                rs += s[x][y];
            }
            for (int off = 8; off > 0; off >>= 1) rs += __shfl_xor_sync(0xffffffffu, rs, off);
            l[x] = l[x] * alpha + rs;
            m[x] = m_new;
            for (int c = 0; c < D / 16; ++c) o[x][c] *= alpha;
            for (int y = 0; y < 4; ++y) Pt[(tx + 16 * y) * (BM + 1) + ty * 4 + x] = s[x][y];
        }
        __syncthreads();

#pragma unroll 4
        for (int j = 0; j < BN; ++j) {
            float p[4];
            for (int x = 0; x < 4; ++x) p[x] = Pt[j * (BM + 1) + ty * 4 + x];
            for (int c = 0; c < D / 16; ++c) {
                const float v = Vs[j * D + tx + 16 * c];
                for (int x = 0; x < 4; ++x) o[x][c] += p[x] * v;
            }
        }
        __syncthreads();  // Ks, Vs and Pt are overwritten on the next step
    }

    for (int x = 0; x < 4; ++x) {
        const int r = i0 + ty * 4 + x;
        if (r >= M) continue;
        for (int c = 0; c < D / 16; ++c) {
            const int col = tx + 16 * c;
            if (col < d) O[(size_t)r * d + col] = o[x][c] / l[x];
        }
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int num_sinks,
                      int window_size) {
    const float scale = 1.0f / sqrtf((float)d);
    const int blocks = (M + BM - 1) / BM;
    if (d <= 64) {
        const size_t smem = sizeof(float) * (2 * BM * (64 + 1) + BN * 64 + BN * (BM + 1));
        cudaFuncSetAttribute(flash_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        flash_kernel<64><<<blocks, THREADS, smem>>>(Q, K, V, output, M, d, num_sinks, window_size, scale);
    } else {
        const size_t smem = sizeof(float) * (2 * BM * (128 + 1) + BN * 128 + BN * (BM + 1));
        cudaFuncSetAttribute(flash_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        flash_kernel<128><<<blocks, THREADS, smem>>>(Q, K, V, output, M, d, num_sinks, window_size, scale);
    }
}
