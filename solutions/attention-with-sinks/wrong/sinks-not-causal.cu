// WRONG: flash-warp that lets every query see every sink, even one after it: j < num_sinks is
// allowed without j <= i. In example 2 (two sinks) row 0 also sees key 1.
#include <cuda_runtime.h>

#define WARPS 8
#define KT 32     // keys per tile: one per lane
#define DMAX 128  // largest d

__global__ __launch_bounds__(WARPS * 32) void flash_warp_kernel(const float* Q, const float* K, const float* V,
                                                                float* O, int M, int d, int ns, int w, float scale) {
    __shared__ float qs[WARPS][DMAX];
    __shared__ float Ks[KT][DMAX + 1];  // lane j reads row j: the +1 spreads the rows over the banks
    __shared__ float Vs[KT][DMAX];
    __shared__ float ps[WARPS][KT];
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int i = blockIdx.x * WARPS + warp;  // this warp's query (may be >= M in the last block)

    for (int t = lane; t < DMAX; t += 32) qs[warp][t] = (i < M && t < d) ? Q[(size_t)i * d + t] : 0.0f;
    float o[DMAX / 32];
    for (int u = 0; u < DMAX / 32; ++u) o[u] = 0.0f;
    float m = -INFINITY, l = 0.0f;

    // Key tiles with a key some query of the block may see: tile 0 (it holds every sink) and the
    // tiles from the first query's window start to the last query's own position.
    const int r0 = blockIdx.x * WARPS;
    const int tlo = max(0, r0 - w + 1) / KT, thi = min(M - 1, r0 + WARPS - 1) / KT;
    const int steps = tlo <= 1 ? thi + 1 : thi - tlo + 2;
    for (int step = 0; step < steps; ++step) {
        const int j0 = KT * (tlo <= 1 ? step : (step == 0 ? 0 : tlo + step - 1));
        __syncthreads();  // the previous tile is no longer in use
        for (int e = tid; e < KT * DMAX; e += WARPS * 32) {
            const int r = e / DMAX, c = e % DMAX;
            const bool ok = j0 + r < M && c < d;
            Ks[r][c] = ok ? K[(size_t)(j0 + r) * d + c] : 0.0f;
            Vs[r][c] = ok ? V[(size_t)(j0 + r) * d + c] : 0.0f;
        }
        __syncthreads();

        float s = 0.0f;
        for (int t = 0; t < d; ++t) s += qs[warp][t] * Ks[lane][t];
        const int j = j0 + lane;
        s = (j < M && (j < ns || (j <= i && j >= i - w + 1))) ? s * scale : -INFINITY;  // BUG: sinks not causal
        float tile_max = s;
        for (int off = 16; off > 0; off >>= 1) tile_max = fmaxf(tile_max, __shfl_xor_sync(0xffffffffu, tile_max, off));
        const float m_new = fmaxf(m, tile_max);  // finite: step 0 holds key 0, a sink every query sees
        const float p = expf(s - m_new);         // 0 for masked keys
        const float alpha = expf(m - m_new);     // 0 on the first tile
        float p_sum = p;
        for (int off = 16; off > 0; off >>= 1) p_sum += __shfl_xor_sync(0xffffffffu, p_sum, off);
        l = l * alpha + p_sum;
        m = m_new;
        ps[warp][lane] = p;
        __syncwarp();
        for (int u = 0; u < DMAX / 32; ++u) o[u] *= alpha;
        const int len = min(KT, M - j0);
        for (int jj = 0; jj < len; ++jj) {
            const float pj = ps[warp][jj];
            for (int u = 0; u < DMAX / 32; ++u) o[u] += pj * Vs[jj][lane + 32 * u];
        }
        __syncwarp();  // ps is rewritten on the next tile
    }
    if (i < M) {
        for (int u = 0; u < DMAX / 32; ++u) {
            const int c = lane + 32 * u;
            if (c < d) O[(size_t)i * d + c] = o[u] / l;
        }
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int num_sinks,
                      int window_size) {
    flash_warp_kernel<<<(M + WARPS - 1) / WARPS, WARPS * 32>>>(Q, K, V, output, M, d, num_sinks, window_size,
                                                               1.0f / sqrtf((float)d));
}
