// fused-row.cu with two query rows per block, a short one and its mirror: block b takes rows
// b and M - 1 - b, walks keys 0..M-1-b once in chunks of 128 and scores every K row against
// both queries (keys after b are masked for the short row), and each V row it loads feeds both
// outputs. fused-row.cu is bound by streaming K and V from L2 (row i reads i + 1 of each); here
// a block reads only its long row's prefix, about 3/4 of that traffic over M / 2 blocks of equal
// length, at the price of twice the arithmetic per key row read (small next to the L2 reads).
#include <cuda_runtime.h>

#define THREADS 128  // also the largest d, one output column per thread
#define CHUNK 128    // keys per chunk

__device__ float block_max(float v, float* red) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) red[warp] = v;
    __syncthreads();
    float r = fmaxf(fmaxf(red[0], red[1]), fmaxf(red[2], red[3]));
    __syncthreads();  // red is reused by the next reduction
    return r;
}

__device__ float block_sum(float v, float* red) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) red[warp] = v;
    __syncthreads();
    float r = (red[0] + red[1]) + (red[2] + red[3]);
    __syncthreads();
    return r;
}

// One online-softmax update for a chunk: running max m, sum l, returns this thread's
// probability (0 for tid >= len or a masked key) and sets alpha, the rescale of older sums.
__device__ float online_update(const float* sc, int len, float& m, float& l, float& alpha, float* red) {
    const int tid = threadIdx.x;
    const float mine = tid < len ? sc[tid] : -INFINITY;
    const float m_new = fmaxf(m, block_max(mine, red));  // finite: key 0 is never masked
    const float p = tid < len ? expf(mine - m_new) : 0.0f;
    alpha = expf(m - m_new);  // 0 on the first chunk (m = -inf)
    l = l * alpha + block_sum(p, red);
    m = m_new;
    return p;
}

__global__ void mirror_kernel(const float* Q, const float* K, const float* V, float* O, int M, int d,
                              float scale) {
    __shared__ float q1[THREADS], q2[THREADS];
    __shared__ float sc1[CHUNK], sc2[CHUNK];
    __shared__ float red[THREADS / 32];
    const int i1 = blockIdx.x, i2 = M - 1 - blockIdx.x;  // i1 <= i2; equal for the middle row of odd M
    const int N = i2 + 1;                                 // the long row's keys
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    q1[tid] = tid < d ? Q[(size_t)i1 * d + tid] : 0.0f;
    q2[tid] = tid < d ? Q[(size_t)i2 * d + tid] : 0.0f;
    __syncthreads();

    float m1 = -INFINITY, l1 = 0.0f, acc1 = 0.0f, m2 = -INFINITY, l2 = 0.0f, acc2 = 0.0f;
    for (int j0 = 0; j0 < N; j0 += CHUNK) {
        const int len = min(CHUNK, N - j0);
        for (int jj = warp; jj < len; jj += THREADS / 32) {  // a warp per key, both queries
            const float* krow = K + (size_t)(j0 + jj) * d;
            float s1 = 0.0f, s2 = 0.0f;
            for (int t = lane; t < d; t += 32) {
                const float k = krow[t];
                s1 += q1[t] * k;
                s2 += q2[t] * k;
            }
            for (int o = 16; o > 0; o >>= 1) {
                s1 += __shfl_xor_sync(0xffffffffu, s1, o);
                s2 += __shfl_xor_sync(0xffffffffu, s2, o);
            }
            if (lane == 0) {
                sc1[jj] = j0 + jj <= i1 ? s1 * scale : -INFINITY;  // the short row's causal mask
                sc2[jj] = s2 * scale;
            }
        }
        __syncthreads();
        float alpha1, alpha2;
        const float p1 = online_update(sc1, len, m1, l1, alpha1, red);
        const float p2 = online_update(sc2, len, m2, l2, alpha2, red);
        if (tid < len) {
            sc1[tid] = p1;
            sc2[tid] = p2;
        }
        __syncthreads();
        if (tid < d) {
            float a1 = acc1 * alpha1, a2 = acc2 * alpha2;
            for (int jj = 0; jj < len; ++jj) {
                const float v = V[(size_t)(j0 + jj) * d + tid];  // one load, both rows
                a1 += sc1[jj] * v;
                a2 += sc2[jj] * v;
            }
            acc1 = a1;
            acc2 = a2;
        }
        __syncthreads();  // sc1 and sc2 are overwritten by the next chunk
    }
    if (tid < d) {
        O[(size_t)i2 * d + tid] = acc2 / l2;
        if (i1 != i2) O[(size_t)i1 * d + tid] = acc1 / l1;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d) {
    mirror_kernel<<<(M + 1) / 2, THREADS>>>(Q, K, V, output, M, d, 1.0f / sqrtf((float)d));
}
