// WRONG: flash-regtile without the row guard on the final store. The last block of a query head
// writes all 64 of its rows, so whenever seq_len is not a multiple of 64 (example 1 has
// seq_len = 2) the last head stores past the end of output.
#include <cuda_runtime.h>

#define BM 64  // queries per block
#define BN 64  // keys per step
#define THREADS 256
#define WARPS 8  // flash-warp fallback

template <int D>
__global__ __launch_bounds__(THREADS) void flash_kernel(const float* Q, const float* K, const float* V, float* O, int L,
                                                        int group, int dh, float scale) {
    extern __shared__ float smem[];
    float* Qs = smem;               // [BM][D + 1]
    float* Ks = Qs + BM * (D + 1);  // [BN][D + 1]
    float* Vs = Ks + BN * (D + 1);  // [BN][D]
    float* Pt = Vs + BN * D;        // [BN][BM + 1], probabilities transposed: Pt[key][query]
    const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    const int i0 = blockIdx.x * BM;
    const int h = blockIdx.y;
    const size_t ld = dh;  // a head is a contiguous L x dh block
    Q += (size_t)h * L * dh;
    K += (size_t)(h / group) * L * dh;
    V += (size_t)(h / group) * L * dh;
    O += (size_t)h * L * dh;

    for (int e = tid; e < BM * D; e += THREADS) {
        const int r = e / D, c = e % D;
        Qs[r * (D + 1) + c] = (i0 + r < L && c < dh) ? Q[(size_t)(i0 + r) * ld + c] : 0.0f;
    }
    // Thread (ty, tx) owns query rows ty*4 + x, score columns tx + 16*y, output floats tx + 16*c.
    float o[4][D / 16], m[4], l[4];
    for (int x = 0; x < 4; ++x) {
        m[x] = -INFINITY;
        l[x] = 0.0f;
        for (int c = 0; c < D / 16; ++c) o[x][c] = 0.0f;
    }

    for (int j0 = 0; j0 < L; j0 += BN) {
        for (int e = tid; e < BN * D; e += THREADS) {
            const int r = e / D, c = e % D;
            const bool ok = j0 + r < L && c < dh;
            Ks[r * (D + 1) + c] = ok ? K[(size_t)(j0 + r) * ld + c] : 0.0f;
            Vs[r * D + c] = ok ? V[(size_t)(j0 + r) * ld + c] : 0.0f;
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
                s[x][y] = (j0 + tx + 16 * y < L) ? s[x][y] * scale : -INFINITY;
                mx = fmaxf(mx, s[x][y]);
            }
            for (int off = 8; off > 0; off >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, off));
            const float m_new = fmaxf(m[x], mx);     // finite: key j0 is always valid
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
        const int r = i0 + ty * 4 + x;  // BUG: no r < L check
        for (int c = 0; c < D / 16; ++c) {
            const int col = tx + 16 * c;
            if (col < dh) O[(size_t)r * ld + col] = o[x][c] / l[x];
        }
    }
}

// Fallback for D > 128 (up to 256): a warp per query, 32 keys per shared-memory tile (flash-warp).
template <int DMAX, int KT>
__global__ __launch_bounds__(WARPS * 32) void flash_warp_kernel(const float* Q, const float* K, const float* V,
                                                                float* O, int L, int group, int dh, float scale) {
    extern __shared__ float smem[];
    float* qs = smem;                  // [WARPS][DMAX]
    float* Ks = qs + WARPS * DMAX;     // [KT][DMAX + 1]: lane j reads row j, the +1 spreads the banks
    float* Vs = Ks + KT * (DMAX + 1);  // [KT][DMAX]
    float* ps = Vs + KT * DMAX;        // [WARPS][KT]
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32, h = blockIdx.y;
    const int i = blockIdx.x * WARPS + warp;  // this warp's query (may be >= L in the last block)
    const size_t ld = dh;                     // a head is a contiguous L x dh block
    Q += (size_t)h * L * dh;
    K += (size_t)(h / group) * L * dh;
    V += (size_t)(h / group) * L * dh;
    O += (size_t)h * L * dh;

    for (int t = lane; t < DMAX; t += 32) qs[warp * DMAX + t] = (i < L && t < dh) ? Q[(size_t)i * ld + t] : 0.0f;
    float o[DMAX / 32];
    for (int u = 0; u < DMAX / 32; ++u) o[u] = 0.0f;
    float m = -INFINITY, l = 0.0f;

    for (int j0 = 0; j0 < L; j0 += KT) {
        __syncthreads();  // the previous tile is no longer in use
        for (int e = tid; e < KT * DMAX; e += WARPS * 32) {
            const int r = e / DMAX, c = e % DMAX;
            const bool ok = j0 + r < L && c < dh;
            Ks[r * (DMAX + 1) + c] = ok ? K[(size_t)(j0 + r) * ld + c] : 0.0f;
            Vs[r * DMAX + c] = ok ? V[(size_t)(j0 + r) * ld + c] : 0.0f;
        }
        __syncthreads();

        float s = 0.0f;
        if (lane < KT)
            for (int t = 0; t < dh; ++t) s += qs[warp * DMAX + t] * Ks[lane * (DMAX + 1) + t];
        s = (lane < KT && j0 + lane < L) ? s * scale : -INFINITY;
        float tile_max = s;
        for (int off = 16; off > 0; off >>= 1) tile_max = fmaxf(tile_max, __shfl_xor_sync(0xffffffffu, tile_max, off));
        const float m_new = fmaxf(m, tile_max);  // finite: key j0 is always valid
        const float p = expf(s - m_new);         // 0 for lanes without a key
        const float alpha = expf(m - m_new);     // 0 on the first tile
        float p_sum = p;
        for (int off = 16; off > 0; off >>= 1) p_sum += __shfl_xor_sync(0xffffffffu, p_sum, off);
        l = l * alpha + p_sum;
        m = m_new;
        if (lane < KT) ps[warp * KT + lane] = p;
        __syncwarp();
        for (int u = 0; u < DMAX / 32; ++u) o[u] *= alpha;
        const int len = min(KT, L - j0);
        for (int jj = 0; jj < len; ++jj) {
            const float pj = ps[warp * KT + jj];
            for (int u = 0; u < DMAX / 32; ++u) o[u] += pj * Vs[jj * DMAX + lane + 32 * u];
        }
        __syncwarp();  // ps is rewritten on the next tile
    }
    if (i < L) {
        for (int u = 0; u < DMAX / 32; ++u) {
            const int c = lane + 32 * u;
            if (c < dh) O[(size_t)i * ld + c] = o[u] / l;
        }
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int num_q_heads, int num_kv_heads,
                      int seq_len, int head_dim) {
    const int group = num_q_heads / num_kv_heads, L = seq_len, D = head_dim;
    const float scale = 1.0f / sqrtf((float)D);
    if (D > 128) {
        dim3 grid((L + WARPS - 1) / WARPS, num_q_heads);
        const int smem = (int)sizeof(float) * (WARPS * 256 + 32 * 257 + 32 * 256 + WARPS * 32);
        cudaFuncSetAttribute(flash_warp_kernel<256, 32>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
        flash_warp_kernel<256, 32><<<grid, WARPS * 32, smem>>>(Q, K, V, output, L, group, D, scale);
        return;
    }
    dim3 blocks((L + BM - 1) / BM, num_q_heads);
    if (D <= 64) {
        const size_t smem = sizeof(float) * (2 * BM * (64 + 1) + BN * 64 + BN * (BM + 1));
        cudaFuncSetAttribute(flash_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        flash_kernel<64><<<blocks, THREADS, smem>>>(Q, K, V, output, L, group, D, scale);
    } else {
        const size_t smem = sizeof(float) * (2 * BM * (128 + 1) + BN * 128 + BN * (BM + 1));
        cudaFuncSetAttribute(flash_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        flash_kernel<128><<<blocks, THREADS, smem>>>(Q, K, V, output, L, group, D, scale);
    }
}
