// warp-row with the band staged in shared memory: a block of 8 warps takes 64 consecutive queries,
// whose bands together span only 64 + 2 * window_size keys, and copies those K and V rows into
// shared memory once; each warp then runs warp-row's online softmax for 8 of the queries, reading
// keys and values from shared memory. Each K and V row is fetched from global memory by about one
// block instead of by each of the up to 65 queries that see it.
#include <cuda_runtime.h>

#define BM 64  // queries per block
#define WARPS 8

__global__ void band_kernel(const float* Q, const float* K, const float* V, float* O, int M, int d, int w,
                            float scale) {
    extern __shared__ float smem[];
    const int i0 = blockIdx.x * BM, kbase = i0 - w, nk = BM + 2 * w;  // local key k is row kbase + k
    float* Ks = smem;                                                 // [nk][d]
    float* Vs = Ks + nk * d;                                          // [nk][d]
    for (int e = threadIdx.x; e < nk * d; e += WARPS * 32) {
        const int j = kbase + e / d, c = e % d;
        const bool ok = j >= 0 && j < M;  // rows past either end are never read
        Ks[e] = ok ? K[(size_t)j * d + c] : 0.0f;
        Vs[e] = ok ? V[(size_t)j * d + c] : 0.0f;
    }
    __syncthreads();

    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int r = warp; r < BM; r += WARPS) {
        const int i = i0 + r;
        if (i >= M) break;
        const int first = max(0, i - w) - kbase, last = min(M - 1, i + w) - kbase;  // local band
        float q[4], o[4];
        for (int u = 0; u < 4; ++u) {
            const int c = lane + 32 * u;
            q[u] = c < d ? Q[(size_t)i * d + c] : 0.0f;
            o[u] = 0.0f;
        }
        float m = -INFINITY, l = 0.0f;
        for (int k = first; k <= last; ++k) {
            float s = 0.0f;
            for (int u = 0; u < 4; ++u) {
                const int c = lane + 32 * u;
                if (c < d) s += q[u] * Ks[k * d + c];
            }
            for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
            s *= scale;
            const float m_new = fmaxf(m, s);
            const float alpha = expf(m - m_new);  // 0 for the first key
            const float p = expf(s - m_new);
            l = l * alpha + p;
            m = m_new;
            for (int u = 0; u < 4; ++u) {
                const int c = lane + 32 * u;
                o[u] = o[u] * alpha + (c < d ? p * Vs[k * d + c] : 0.0f);
            }
        }
        for (int u = 0; u < 4; ++u) {
            const int c = lane + 32 * u;
            if (c < d) O[(size_t)i * d + c] = o[u] / l;
        }
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int window_size) {
    const int smem = (int)sizeof(float) * 2 * (BM + 2 * window_size) * d;  // up to 128 KB
    cudaFuncSetAttribute(band_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    band_kernel<<<(M + BM - 1) / BM, WARPS * 32, smem>>>(Q, K, V, output, M, d, window_size, 1.0f / sqrtf((float)d));
}
