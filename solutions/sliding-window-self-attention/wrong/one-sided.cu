// WRONG: warp-row with a causal window, keys i - window_size .. i, instead of the symmetric band
// i - window_size .. i + window_size. Row 0 of example 1 then sees only key 0 and outputs V[0].
#include <cuda_runtime.h>

#define WARPS 8

__global__ void warp_kernel(const float* Q, const float* K, const float* V, float* O, int M, int d, int w,
                            float scale) {
    const int lane = threadIdx.x % 32;
    const int i = blockIdx.x * WARPS + threadIdx.x / 32;
    if (i >= M) return;                         // whole warps leave together
    const int first = max(0, i - w), last = i;  // BUG: only the keys before the query (causal)
    float q[4], o[4];
    for (int u = 0; u < 4; ++u) {
        const int c = lane + 32 * u;
        q[u] = c < d ? Q[(size_t)i * d + c] : 0.0f;
        o[u] = 0.0f;
    }
    float m = -INFINITY, l = 0.0f;
    for (int j = first; j <= last; ++j) {
        float s = 0.0f;
        for (int u = 0; u < 4; ++u) {
            const int c = lane + 32 * u;
            if (c < d) s += q[u] * K[(size_t)j * d + c];
        }
        for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
        s *= scale;
        const float m_new = fmaxf(m, s);
        const float alpha = expf(m - m_new);  // 0 for the first key (m = -inf)
        const float p = expf(s - m_new);
        l = l * alpha + p;
        m = m_new;
        for (int u = 0; u < 4; ++u) {
            const int c = lane + 32 * u;
            o[u] = o[u] * alpha + (c < d ? p * V[(size_t)j * d + c] : 0.0f);
        }
    }
    for (int u = 0; u < 4; ++u) {
        const int c = lane + 32 * u;
        if (c < d) O[(size_t)i * d + c] = o[u] / l;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int window_size) {
    warp_kernel<<<(M + WARPS - 1) / WARPS, WARPS * 32>>>(Q, K, V, output, M, d, window_size, 1.0f / sqrtf((float)d));
}
