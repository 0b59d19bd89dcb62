// WRONG: fused-row computing exp(score) without subtracting the row maximum. Mathematically the
// same softmax, but expf overflows to infinity once a score passes about 88.7: example 2 (scores
// of 181) gives inf / inf = NaN, and so does the large-scores test.
#include <cuda_runtime.h>

#define THREADS 128
#define CHUNK 128  // keys per chunk
#define D_MAX 256  // widest head

__device__ float block_sum(float v, float* red) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) red[warp] = v;
    __syncthreads();
    float r = (red[0] + red[1]) + (red[2] + red[3]);
    __syncthreads();
    return r;
}

__global__ void row_kernel(const float* Q, const float* K, const float* V, float* O, int L, int group, int D,
                           float scale) {
    __shared__ float q[D_MAX];
    __shared__ float sc[CHUNK];
    __shared__ float red[THREADS / 32];
    const int i = blockIdx.x, h = blockIdx.y, g = h / group;
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    for (int t = tid; t < D; t += THREADS) q[t] = Q[((size_t)h * L + i) * D + t];
    __syncthreads();

    float acc[D_MAX / THREADS];
    for (int u = 0; u < D_MAX / THREADS; ++u) acc[u] = 0.0f;
    float l = 0.0f;
    for (int j0 = 0; j0 < L; j0 += CHUNK) {
        const int len = min(CHUNK, L - j0);
        for (int jj = warp; jj < len; jj += THREADS / 32) {
            const float* krow = K + ((size_t)g * L + j0 + jj) * D;
            float s = 0.0f;
            for (int t = lane; t < D; t += 32) s += q[t] * krow[t];
            for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
            if (lane == 0) sc[jj] = s * scale;
        }
        __syncthreads();
        const float mine = tid < len ? sc[tid] : -INFINITY;
        const float m_new = 0.0f;  // BUG: no running maximum, exp(score) directly
        const float p = tid < len ? expf(mine - m_new) : 0.0f;
        const float alpha = 1.0f;
        l = l * alpha + block_sum(p, red);
        if (tid < len) sc[tid] = p;
        __syncthreads();
        for (int u = 0; u < D_MAX / THREADS; ++u) {
            const int c = tid + THREADS * u;
            if (c >= D) break;
            float a = acc[u] * alpha;
            for (int jj = 0; jj < len; ++jj) a += sc[jj] * V[((size_t)g * L + j0 + jj) * D + c];
            acc[u] = a;
        }
        __syncthreads();  // sc is overwritten by the next chunk
    }
    for (int u = 0; u < D_MAX / THREADS; ++u) {
        const int c = tid + THREADS * u;
        if (c < D) O[((size_t)h * L + i) * D + c] = acc[u] / l;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int num_q_heads, int num_kv_heads,
                      int seq_len, int head_dim) {
    dim3 grid(seq_len, num_q_heads);
    row_kernel<<<grid, THREADS>>>(Q, K, V, output, seq_len, num_q_heads / num_kv_heads, head_dim,
                                  1.0f / sqrtf((float)head_dim));
}
