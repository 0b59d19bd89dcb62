// Fused, one block of 128 threads per query and no scratch: the query's allowed keys (the sinks,
// then the window) are numbered 0 .. n-1 and taken in chunks of 128; a warp per key scores them
// (lanes across d, shuffle sums) into shared memory, an online softmax (running max, rescaled sum)
// folds each chunk in, and each thread accumulates the output floats c with c % 128 == its index.
#include <cuda_runtime.h>

#define THREADS 128
#define CHUNK 128  // keys per chunk
#define DMAX 128   // largest d

__device__ float block_max(float v, float* red) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) red[warp] = v;
    __syncthreads();
    const float r = fmaxf(fmaxf(red[0], red[1]), fmaxf(red[2], red[3]));
    __syncthreads();  // red is reused by the next reduction
    return r;
}

__device__ float block_sum(float v, float* red) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) red[warp] = v;
    __syncthreads();
    const float r = (red[0] + red[1]) + (red[2] + red[3]);
    __syncthreads();
    return r;
}

__global__ void row_kernel(const float* Q, const float* K, const float* V, float* O, int M, int d, int ns, int w,
                           float scale) {
    __shared__ float q[DMAX];
    __shared__ float sc[CHUNK];
    __shared__ int key[CHUNK];
    __shared__ float red[THREADS / 32];
    const int i = blockIdx.x, tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    // Allowed keys: t < sink_end is key t; then key win_lo + (t - sink_end) up to i.
    const int sink_end = min(ns, i + 1), win_lo = max(ns, i - w + 1);
    const int n = sink_end + max(0, i - win_lo + 1);
    for (int t = tid; t < d; t += THREADS) q[t] = Q[(size_t)i * d + t];

    float acc = 0.0f;  // output float tid (d <= 128 = THREADS)
    float m = -INFINITY, l = 0.0f;
    for (int t0 = 0; t0 < n; t0 += CHUNK) {
        const int len = min(CHUNK, n - t0);
        if (tid < len) key[tid] = t0 + tid < sink_end ? t0 + tid : win_lo + (t0 + tid - sink_end);
        __syncthreads();  // q (first chunk) and key are ready
        for (int jj = warp; jj < len; jj += THREADS / 32) {
            const float* krow = K + (size_t)key[jj] * d;
            float s = 0.0f;
            for (int t = lane; t < d; t += 32) s += q[t] * krow[t];
            for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
            if (lane == 0) sc[jj] = s * scale;
        }
        __syncthreads();
        const float mine = tid < len ? sc[tid] : -INFINITY;
        const float m_new = fmaxf(m, block_max(mine, red));
        const float p = tid < len ? expf(mine - m_new) : 0.0f;
        const float alpha = expf(m - m_new);  // 0 on the first chunk (m = -inf)
        l = l * alpha + block_sum(p, red);
        m = m_new;
        if (tid < len) sc[tid] = p;
        __syncthreads();
        if (tid < d) {
            float a = acc * alpha;
            for (int jj = 0; jj < len; ++jj) a += sc[jj] * V[(size_t)key[jj] * d + tid];
            acc = a;
        }
        __syncthreads();  // sc and key are overwritten by the next chunk
    }
    if (tid < d) O[(size_t)i * d + tid] = acc / l;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int num_sinks,
                      int window_size) {
    row_kernel<<<M, THREADS>>>(Q, K, V, output, M, d, num_sinks, window_size, 1.0f / sqrtf((float)d));
}
