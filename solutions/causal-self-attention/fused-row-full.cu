// fused-row.cu without stopping at the diagonal: one block of 128 threads per query row walks all
// M keys in chunks of 128 and masks the scores of keys after the query to -inf (their
// probabilities become 0 and still enter the output sums). Every row streams all of K and V from
// L2 instead of its prefix, twice fused-row.cu's traffic and work for the same result.
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

__global__ void row_kernel(const float* Q, const float* K, const float* V, float* O, int M, int N, int d,
                           float scale) {
    __shared__ float q[THREADS];
    __shared__ float sc[CHUNK];
    __shared__ float red[THREADS / 32];
    const int i = blockIdx.x;
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    q[tid] = tid < d ? Q[(size_t)i * d + tid] : 0.0f;
    __syncthreads();

    float m = -INFINITY, l = 0.0f, acc = 0.0f;
    for (int j0 = 0; j0 < N; j0 += CHUNK) {
        const int len = min(CHUNK, N - j0);
        for (int jj = warp; jj < len; jj += THREADS / 32) {
            const float* krow = K + (size_t)(j0 + jj) * d;
            float s = 0.0f;
            for (int t = lane; t < d; t += 32) s += q[t] * krow[t];
            for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
            if (lane == 0) sc[jj] = j0 + jj <= i ? s * scale : -INFINITY;  // the causal mask
        }
        __syncthreads();
        const float mine = tid < len ? sc[tid] : -INFINITY;
        const float m_new = fmaxf(m, block_max(mine, red));
        const float p = tid < len ? expf(mine - m_new) : 0.0f;
        const float alpha = expf(m - m_new);  // 0 on the first chunk (m = -inf); key 0 is never masked
        l = l * alpha + block_sum(p, red);
        m = m_new;
        if (tid < len) sc[tid] = p;
        __syncthreads();
        if (tid < d) {
            float a = acc * alpha;
            for (int jj = 0; jj < len; ++jj) a += sc[jj] * V[(size_t)(j0 + jj) * d + tid];
            acc = a;
        }
        __syncthreads();  // sc is overwritten by the next chunk
    }
    if (tid < d) O[(size_t)i * d + tid] = acc / l;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d) {
    const int N = M;  // self-attention: the keys are the same M positions as the queries
    row_kernel<<<M, THREADS>>>(Q, K, V, output, M, N, d, 1.0f / sqrtf((float)d));
}
