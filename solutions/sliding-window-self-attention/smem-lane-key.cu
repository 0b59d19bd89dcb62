// smem-band without a shuffle reduction per key: each lane scores whole keys (lane t takes band
// keys t, t + 32 and t + 64) from a shared-memory K tile whose rows have an odd stride, so the 32
// lanes read 32 different banks; then one warp reduction gives the row maximum and one the sum,
// the probabilities go to shared memory, and lanes split the d output floats to sum over the band.
#include <cuda_runtime.h>

#define BM 64  // queries per block
#define WARPS 8
#define BAND_MAX 96  // 2 * 32 + 1 keys, rounded up to three per lane

__global__ void band_kernel(const float* Q, const float* K, const float* V, float* O, int M, int d, int w,
                            float scale) {
    extern __shared__ float smem[];
    const int i0 = blockIdx.x * BM, kbase = i0 - w, nk = BM + 2 * w;  // local key k is row kbase + k
    const int ldk = d | 1;                                            // odd: lanes on different rows, different banks
    float* Ks = smem;                                                 // [nk][ldk]
    float* Vs = Ks + nk * ldk;                                        // [nk][d]
    float* qs = Vs + nk * d;                                          // [WARPS][d]
    float* ps = qs + WARPS * d;                                       // [WARPS][BAND_MAX]
    for (int e = threadIdx.x; e < nk * d; e += WARPS * 32) {
        const int r = e / d, c = e % d, j = kbase + r;
        const bool ok = j >= 0 && j < M;
        Ks[r * ldk + c] = ok ? K[(size_t)j * d + c] : 0.0f;
        Vs[e] = ok ? V[(size_t)j * d + c] : 0.0f;
    }
    __syncthreads();

    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    float* q = qs + warp * d;
    float* p = ps + warp * BAND_MAX;
    for (int r = warp; r < BM; r += WARPS) {
        const int i = i0 + r;
        if (i >= M) break;
        const int first = max(0, i - w) - kbase, n = min(M - 1, i + w) - kbase - first + 1;
        for (int c = lane; c < d; c += 32) q[c] = Q[(size_t)i * d + c];
        __syncwarp();

        float s[3], mx = -INFINITY;
        for (int u = 0; u < 3; ++u) {
            const int t = lane + 32 * u;
            s[u] = -INFINITY;
            if (t < n) {
                const float* krow = Ks + (first + t) * ldk;
                float acc = 0.0f;
                for (int c = 0; c < d; ++c) acc += q[c] * krow[c];
                s[u] = acc * scale;
            }
            mx = fmaxf(mx, s[u]);
        }
        for (int off = 16; off > 0; off >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, off));
        float sum = 0.0f;
        for (int u = 0; u < 3; ++u) {
            const int t = lane + 32 * u;
            const float e = expf(s[u] - mx);  // 0 past the band
            if (t < n) p[t] = e;
            sum += e;
        }
        for (int off = 16; off > 0; off >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, off);
        __syncwarp();

        const float inv = 1.0f / sum;
        for (int c = lane; c < d; c += 32) {
            float acc = 0.0f;
            for (int t = 0; t < n; ++t) acc += p[t] * Vs[(first + t) * d + c];
            O[(size_t)i * d + c] = acc * inv;
        }
        __syncwarp();  // q and p are rewritten for the warp's next query
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int window_size) {
    const int nk = BM + 2 * window_size;
    const int smem = (int)sizeof(float) * (nk * (d | 1) + nk * d + WARPS * d + WARPS * BAND_MAX);
    cudaFuncSetAttribute(band_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    band_kernel<<<(M + BM - 1) / BM, WARPS * 32, smem>>>(Q, K, V, output, M, d, window_size, 1.0f / sqrtf((float)d));
}
