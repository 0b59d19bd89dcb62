// flash-float4 (online softmax over tile 0 and the window's tiles only, 64 queries per block,
// 4 x 4 register patches, float4 shared reads) plus double buffering: the next step's K and V
// tiles are copied with cp.async while this step computes. Blocks are issued last queries first:
// the early blocks, whose windows are still short, fill the tail of the grid. Rows not 16-byte
// aligned (d % 4 != 0) fall back to plain loads into the same two buffers.
#include <cuda_runtime.h>

#define BM 64  // queries per block
#define BN 64  // keys per step
#define THREADS 256

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

// rows [row0, row0 + 64) of a (rows x d) matrix into dst[64][D + 4], zeros outside the matrix.
// With vec (d % 4 == 0) the copies are cp.async (zero-filled outside) and complete at
// cp_async_wait; otherwise they are plain stores.
template <int D>
__device__ void load_tile(float* dst, const float* src, int row0, int rows, int d, bool vec) {
    if (vec) {
        for (int e = threadIdx.x; e < 64 * (D / 4); e += THREADS) {
            const int r = e / (D / 4), c = (e % (D / 4)) * 4;
            const bool ok = row0 + r < rows && c < d;
            const float* from = ok ? src + (size_t)(row0 + r) * d + c : src;
            cp_async16(dst + r * (D + 4) + c, from, ok ? 16 : 0);
        }
    } else {
        for (int e = threadIdx.x; e < 64 * D; e += THREADS) {
            const int r = e / D, c = e % D;
            dst[r * (D + 4) + c] = (row0 + r < rows && c < d) ? src[(size_t)(row0 + r) * d + c] : 0.0f;
        }
    }
}

template <int D>
__global__ __launch_bounds__(THREADS) void flash_kernel(const float* Q, const float* K, const float* V, float* O, int M,
                                                        int d, int ns, int w, float scale) {
    extern __shared__ float4 smem4[];
    float* Qs = reinterpret_cast<float*>(smem4);  // [BM][D + 4]
    float* Kb = Qs + BM * (D + 4);                // two buffers [BN][D + 4]
    float* Vb = Kb + 2 * BN * (D + 4);            // two buffers [BN][D + 4]
    float* Pt = Vb + 2 * BN * (D + 4);            // [BN][BM + 4], probabilities transposed
    const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    // Last queries first: the early blocks (windows still short, fewer key tiles) fill the tail.
    const int i0 = (gridDim.x - 1 - blockIdx.x) * BM;
    const bool vec = d % 4 == 0;  // rows start on 16-byte boundaries

    load_tile<D>(Qs, Q, i0, M, d, vec);  // completes with the first step's wait
    // Thread (ty, tx) owns query rows ty*4 + x, score columns tx + 16*y and output columns
    // tx*4 + 64*g + e (index 4*g + e of o).
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
    // Step s reads key tile tile_at(s): 0 first, then tlo .. thi (or 1 .. thi when they meet).
    auto tile_at = [&](int step) { return tlo <= 1 ? step : (step == 0 ? 0 : tlo + step - 1); };
    load_tile<D>(Kb, K, 0, M, d, vec);
    load_tile<D>(Vb, V, 0, M, d, vec);
    cp_async_commit();
    for (int step = 0; step < steps; ++step) {
        const int j0 = BN * tile_at(step);
        const float* Ks = Kb + (step & 1) * BN * (D + 4);
        const float* Vs = Vb + (step & 1) * BN * (D + 4);
        if (step + 1 < steps) {
            // The other buffer was last read in the previous step, which ended with __syncthreads.
            const int next = BN * tile_at(step + 1);
            load_tile<D>(Kb + ((step + 1) & 1) * BN * (D + 4), K, next, M, d, vec);
            load_tile<D>(Vb + ((step + 1) & 1) * BN * (D + 4), V, next, M, d, vec);
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
        if (r >= M) continue;
        const float inv = 1.0f / l[x];
        for (int g = 0; g < D / 64; ++g) {
            const int col = tx * 4 + 64 * g;
            if (col >= d) continue;
            float* dst = O + (size_t)r * d + col;
            if (vec) {
                *reinterpret_cast<float4*>(dst) =
                    make_float4(o[x][4 * g] * inv, o[x][4 * g + 1] * inv, o[x][4 * g + 2] * inv, o[x][4 * g + 3] * inv);
            } else {
                for (int e = 0; e < 4 && col + e < d; ++e) dst[e] = o[x][4 * g + e] * inv;
            }
        }
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int num_sinks,
                      int window_size) {
    const float scale = 1.0f / sqrtf((float)d);
    const int blocks = (M + BM - 1) / BM;
    if (d <= 64) {
        const size_t smem = sizeof(float) * (5 * 64 * (64 + 4) + BN * (BM + 4));
        cudaFuncSetAttribute(flash_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        flash_kernel<64><<<blocks, THREADS, smem>>>(Q, K, V, output, M, d, num_sinks, window_size, scale);
    } else {
        const size_t smem = sizeof(float) * (5 * 64 * (128 + 4) + BN * (BM + 4));
        cudaFuncSetAttribute(flash_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        flash_kernel<128><<<blocks, THREADS, smem>>>(Q, K, V, output, M, d, num_sinks, window_size, scale);
    }
}
