// Online softmax (flash-attention style), one warp per query and 8 queries of one query head per
// block: the block stages a tile of keys of K[g] and V[g] (g = h / G) in shared memory, each lane
// scores one key, the warp updates its running max and sum with shuffles, and each lane
// accumulates head_dim / 32 output floats. Compiled for head_dim <= 64, <= 128 and <= 256.
#include <cuda_runtime.h>

#define WARPS 8

// Q, O are offset to query head h, K, V to key/value head h / group inside the kernel.
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
    dim3 grid((L + WARPS - 1) / WARPS, num_q_heads);
    if (D <= 64) {
        const int smem = (int)sizeof(float) * (WARPS * 64 + 32 * 65 + 32 * 64 + WARPS * 32);
        flash_warp_kernel<64, 32><<<grid, WARPS * 32, smem>>>(Q, K, V, output, L, group, D, scale);
    } else if (D <= 128) {
        const int smem = (int)sizeof(float) * (WARPS * 128 + 32 * 129 + 32 * 128 + WARPS * 32);
        flash_warp_kernel<128, 32><<<grid, WARPS * 32, smem>>>(Q, K, V, output, L, group, D, scale);
    } else {
        const int smem = (int)sizeof(float) * (WARPS * 256 + 32 * 257 + 32 * 256 + WARPS * 32);
        cudaFuncSetAttribute(flash_warp_kernel<256, 32>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
        flash_warp_kernel<256, 32><<<grid, WARPS * 32, smem>>>(Q, K, V, output, L, group, D, scale);
    }
}
