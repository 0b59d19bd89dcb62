// regtile-float4 that computes only the band: the 16 threads of a half-warp share 4 query rows
// q0 .. q0 + 3, which see only the local keys q0 .. q0 + 3 + 2 * window_size, so of the eight
// 16-key column groups of the score tile a half-warp computes the five (or fewer) that meet its
// band, and its output loop runs over those 2 * window_size + 4 keys instead of all 128. The
// branches are uniform within each half-warp; with window_size = 32 this removes about 40% of
// the multiply-adds of both products.
#include <cuda_runtime.h>

#define BM 64   // queries per block
#define KB 128  // keys per block: 64 + 2 * window_size <= 128
#define THREADS 256

// rows [row0, row0 + rows) of a matrix of M rows of d floats into dst[rows][D + 4], zeros outside
// (rows before 0 or past M - 1, columns past d - 1).
template <int D>
__device__ void load_rows(float* dst, const float* src, int row0, int rows, int M, int d) {
    if (d % 4 == 0) {
        for (int e = threadIdx.x; e < rows * (D / 4); e += THREADS) {
            const int r = e / (D / 4), c = (e % (D / 4)) * 4, j = row0 + r;
            float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
            if (j >= 0 && j < M && c < d) v = *reinterpret_cast<const float4*>(src + (size_t)j * d + c);
            *reinterpret_cast<float4*>(dst + r * (D + 4) + c) = v;
        }
    } else {
        for (int e = threadIdx.x; e < rows * D; e += THREADS) {
            const int r = e / D, c = e % D, j = row0 + r;
            dst[r * (D + 4) + c] = (j >= 0 && j < M && c < d) ? src[(size_t)j * d + c] : 0.0f;
        }
    }
}

template <int D>
__global__ __launch_bounds__(THREADS) void band_kernel(const float* Q, const float* K, const float* V, float* O, int M,
                                                       int d, int w, float scale) {
    extern __shared__ float4 smem4[];
    float* Qs = reinterpret_cast<float*>(smem4);  // [BM][D + 4]
    float* Ks = Qs + BM * (D + 4);                // [KB][D + 4]
    float* Vs = Ks + KB * (D + 4);                // [KB][D + 4]
    float* Pt = Vs + KB * (D + 4);                // [KB][BM + 4], probabilities transposed
    const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    const int i0 = blockIdx.x * BM, kbase = i0 - w, nk = BM + 2 * w;  // local key k is row kbase + k

    load_rows<D>(Qs, Q, i0, BM, M, d);
    load_rows<D>(Ks, K, kbase, KB, min(M, kbase + nk), d);  // keys past the block's bands stay zero
    load_rows<D>(Vs, V, kbase, KB, min(M, kbase + nk), d);
    __syncthreads();

    // Key group y (local keys 16y .. 16y + 15) meets the band of rows q0 .. q0 + 3 only if it
    // ends at or after q0 and starts at or before q0 + 3 + 2w. The same for the whole half-warp.
    const int q0 = ty * 4, band_end = q0 + 3 + 2 * w;  // last local key any of the 4 rows sees
    bool need[8];
    for (int y = 0; y < 8; ++y) need[y] = 16 * y + 15 >= q0 && 16 * y <= band_end;
    float s[4][8];
    for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 8; ++y) s[x][y] = 0.0f;
#pragma unroll 2
    for (int k = 0; k < D; k += 4) {
        float4 a[4];
        for (int x = 0; x < 4; ++x) a[x] = *reinterpret_cast<const float4*>(Qs + (q0 + x) * (D + 4) + k);
        for (int y = 0; y < 8; ++y) {
            if (!need[y]) continue;
            const float4 b = *reinterpret_cast<const float4*>(Ks + (tx + 16 * y) * (D + 4) + k);
            for (int x = 0; x < 4; ++x) {
                float acc = s[x][y];
                acc += a[x].x * b.x;
                acc += a[x].y * b.y;
                acc += a[x].z * b.z;
                acc += a[x].w * b.w;
                s[x][y] = acc;
            }
        }
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
        for (int y = 0; y < 8; ++y) Pt[(tx + 16 * y) * (BM + 4) + q] = s[x][y] * inv;
    }
    __syncthreads();

    // Thread (ty, tx) owns output rows ty*4 + x and columns tx*4 + 64g + e (index 4g + e of o).
    float o[4][D / 16];
    for (int x = 0; x < 4; ++x)
        for (int c = 0; c < D / 16; ++c) o[x][c] = 0.0f;
            // Probabilities outside the rows' band are zero: only keys q0 .. band_end (< 64 + 2w) add.
#pragma unroll 4
    for (int k = q0; k <= band_end; ++k) {
        const float4 p4 = *reinterpret_cast<const float4*>(Pt + k * (BM + 4) + ty * 4);
        const float p[4] = {p4.x, p4.y, p4.z, p4.w};
        for (int g = 0; g < D / 64; ++g) {
            const float4 v = *reinterpret_cast<const float4*>(Vs + k * (D + 4) + tx * 4 + 64 * g);
            for (int x = 0; x < 4; ++x) {
                o[x][4 * g + 0] += p[x] * v.x;
                o[x][4 * g + 1] += p[x] * v.y;
                o[x][4 * g + 2] += p[x] * v.z;
                o[x][4 * g + 3] += p[x] * v.w;
            }
        }
    }
    for (int x = 0; x < 4; ++x) {
        const int i = i0 + ty * 4 + x;
        if (i >= M) continue;
        for (int g = 0; g < D / 64; ++g) {
            const int col = tx * 4 + 64 * g;
            if (col >= d) continue;
            float* dst = O + (size_t)i * d + col;
            if (d % 4 == 0) {
                *reinterpret_cast<float4*>(dst) =
                    make_float4(o[x][4 * g], o[x][4 * g + 1], o[x][4 * g + 2], o[x][4 * g + 3]);
            } else {
                for (int e = 0; e < 4 && col + e < d; ++e) dst[e] = o[x][4 * g + e];
            }
        }
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int window_size) {
    const float scale = 1.0f / sqrtf((float)d);
    const int blocks = (M + BM - 1) / BM;
    if (d <= 64) {
        const int smem = (int)sizeof(float) * (BM * 68 + 2 * KB * 68 + KB * (BM + 4));
        cudaFuncSetAttribute(band_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
        band_kernel<64><<<blocks, THREADS, smem>>>(Q, K, V, output, M, d, window_size, scale);
    } else {
        const int smem = (int)sizeof(float) * (BM * 132 + 2 * KB * 132 + KB * (BM + 4));
        cudaFuncSetAttribute(band_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
        band_kernel<128><<<blocks, THREADS, smem>>>(Q, K, V, output, M, d, window_size, scale);
    }
}
