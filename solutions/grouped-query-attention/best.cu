// flash-regtile with 128-bit accesses and double buffering: 64 queries of one query head per
// block, 64 keys of its key/value head per step, 4 x 4 score and 4 x (D/16) output patches per
// thread, float4 shared-memory reads, and the next step's K and V tiles copied with cp.async
// while this step computes. head_dim is a multiple of 8, so every row is 16-byte aligned (the
// plain-load path stays for safety), and head_dim > 128 goes to a flash-warp kernel.
#include <cuda_runtime.h>

#define BM 64  // queries per block
#define BN 64  // keys per step
#define THREADS 256
#define WARPS 8  // flash-warp fallback

// cp.async through inline PTX: 16 bytes global -> shared, of which the first src_bytes are read
// and the rest zero-filled; completion is tracked per thread in commit groups.
__device__ __forceinline__ void cp_async16(float* smem_dst, const float* gmem_src, int src_bytes) {
    const unsigned dst = (unsigned)__cvta_generic_to_shared(smem_dst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(gmem_src), "r"(src_bytes));
}
__device__ __forceinline__ void cp_async_commit() {
    asm volatile("cp.async.commit_group;\n" ::);
}
template <int PENDING>
__device__ __forceinline__ void cp_async_wait() {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(PENDING));
}

// rows [row0, row0 + 64) of a head's (rows x dh) block, rows ld floats apart, into
// dst[64][D + 4], zeros outside the slice.
// With vec (D % 4 == 0) the copies are cp.async (zero-filled outside) and complete at
// cp_async_wait; otherwise they are plain stores.
template <int D>
__device__ void load_tile(float* dst, const float* src, int row0, int rows, int ld, int dh, bool vec) {
    if (vec) {
        for (int e = threadIdx.x; e < 64 * (D / 4); e += THREADS) {
            const int r = e / (D / 4), c = (e % (D / 4)) * 4;
            const bool ok = row0 + r < rows && c < dh;
            const float* from = ok ? src + (size_t)(row0 + r) * ld + c : src;
            cp_async16(dst + r * (D + 4) + c, from, ok ? 16 : 0);
        }
    } else {
        for (int e = threadIdx.x; e < 64 * D; e += THREADS) {
            const int r = e / D, c = e % D;
            dst[r * (D + 4) + c] = (row0 + r < rows && c < dh) ? src[(size_t)(row0 + r) * ld + c] : 0.0f;
        }
    }
}

template <int D>
__global__ __launch_bounds__(THREADS) void flash_kernel(const float* Q, const float* K, const float* V, float* O, int L,
                                                        int group, int dh, float scale) {
    extern __shared__ float4 smem4[];
    float* Qs = reinterpret_cast<float*>(smem4);  // [BM][D + 4]
    float* Kb = Qs + BM * (D + 4);                // two buffers [BN][D + 4]
    float* Vb = Kb + 2 * BN * (D + 4);            // two buffers [BN][D + 4]
    float* Pt = Vb + 2 * BN * (D + 4);            // [BN][BM + 4], probabilities transposed
    const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    const int i0 = blockIdx.x * BM;
    const int h = blockIdx.y;
    const size_t ld = dh;  // a head is a contiguous L x dh block
    Q += (size_t)h * L * dh;
    K += (size_t)(h / group) * L * dh;
    V += (size_t)(h / group) * L * dh;
    O += (size_t)h * L * dh;
    const bool vec = dh % 4 == 0;  // rows start on 16-byte boundaries (head_dim % 8 == 0 by the constraints)

    load_tile<D>(Qs, Q, i0, L, ld, dh, vec);  // completes with the first step's wait
    // Thread (ty, tx) owns query rows ty*4 + x, score columns tx + 16*y and output floats
    // tx*4 + 64*g + e (index 4*g + e of o).
    float o[4][D / 16], m[4], l[4];
    for (int x = 0; x < 4; ++x) {
        m[x] = -INFINITY;
        l[x] = 0.0f;
        for (int c = 0; c < D / 16; ++c) o[x][c] = 0.0f;
    }

    const int steps = (L + BN - 1) / BN;
    load_tile<D>(Kb, K, 0, L, ld, dh, vec);
    load_tile<D>(Vb, V, 0, L, ld, dh, vec);
    cp_async_commit();
    for (int step = 0; step < steps; ++step) {
        const int j0 = step * BN;
        const float* Ks = Kb + (step & 1) * BN * (D + 4);
        const float* Vs = Vb + (step & 1) * BN * (D + 4);
        if (step + 1 < steps) {
            // The other buffer was last read in the previous step, which ended with __syncthreads.
            load_tile<D>(Kb + ((step + 1) & 1) * BN * (D + 4), K, j0 + BN, L, ld, dh, vec);
            load_tile<D>(Vb + ((step + 1) & 1) * BN * (D + 4), V, j0 + BN, L, ld, dh, vec);
            cp_async_commit();
            cp_async_wait<1>();  // this step's copies are done, the next step's may be in flight
        } else {
            cp_async_wait<0>();
        }
        __syncthreads();

        float s[4][4];
        for (int x = 0; x < 4; ++x)
            for (int y = 0; y < 4; ++y) s[x][y] = 0.0f;
#pragma unroll 2
        for (int k = 0; k < D; k += 4) {
            float4 a[4], b[4];
            for (int x = 0; x < 4; ++x) a[x] = *reinterpret_cast<const float4*>(Qs + (ty * 4 + x) * (D + 4) + k);
            for (int y = 0; y < 4; ++y) b[y] = *reinterpret_cast<const float4*>(Ks + (tx + 16 * y) * (D + 4) + k);
            for (int x = 0; x < 4; ++x)
                for (int y = 0; y < 4; ++y) {
                    float acc = s[x][y];
                    acc += a[x].x * b[y].x;
                    acc += a[x].y * b[y].y;
                    acc += a[x].z * b[y].z;
                    acc += a[x].w * b[y].w;
                    s[x][y] = acc;
                }
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
            for (int y = 0; y < 4; ++y) Pt[(tx + 16 * y) * (BM + 4) + ty * 4 + x] = s[x][y];
        }
        __syncthreads();

#pragma unroll 4
        for (int j = 0; j < BN; ++j) {
            const float4 p = *reinterpret_cast<const float4*>(Pt + j * (BM + 4) + ty * 4);
            for (int g = 0; g < D / 64; ++g) {
                const float4 v = *reinterpret_cast<const float4*>(Vs + j * (D + 4) + tx * 4 + 64 * g);
                const float pv[4] = {p.x, p.y, p.z, p.w};
                for (int x = 0; x < 4; ++x) {
                    o[x][4 * g + 0] += pv[x] * v.x;
                    o[x][4 * g + 1] += pv[x] * v.y;
                    o[x][4 * g + 2] += pv[x] * v.z;
                    o[x][4 * g + 3] += pv[x] * v.w;
                }
            }
        }
        __syncthreads();  // Pt and this step's buffers are overwritten later
    }

    for (int x = 0; x < 4; ++x) {
        const int r = i0 + ty * 4 + x;
        if (r >= L) continue;
        const float inv = 1.0f / l[x];
        for (int g = 0; g < D / 64; ++g) {
            const int col = tx * 4 + 64 * g;
            if (col >= dh) continue;
            float* dst = O + (size_t)r * ld + col;
            if (vec) {
                *reinterpret_cast<float4*>(dst) =
                    make_float4(o[x][4 * g] * inv, o[x][4 * g + 1] * inv, o[x][4 * g + 2] * inv, o[x][4 * g + 3] * inv);
            } else {
                for (int e = 0; e < 4 && col + e < dh; ++e) dst[e] = o[x][4 * g + e] * inv;
            }
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
        const size_t smem = sizeof(float) * (5 * 64 * (64 + 4) + BN * (BM + 4));
        cudaFuncSetAttribute(flash_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        flash_kernel<64><<<blocks, THREADS, smem>>>(Q, K, V, output, L, group, D, scale);
    } else {
        const size_t smem = sizeof(float) * (5 * 64 * (128 + 4) + BN * (BM + 4));
        cudaFuncSetAttribute(flash_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        flash_kernel<128><<<blocks, THREADS, smem>>>(Q, K, V, output, L, group, D, scale);
    }
}
