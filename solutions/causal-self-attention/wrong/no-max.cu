// WRONG: one block per query row computes exp(score) without subtracting the row maximum first.
// Mathematically the same softmax, but expf overflows to infinity once a score exceeds about
// 88.7: example 2 (scores 120 and 121.2) gives inf / inf = NaN, and so do the large-scores tests.
#include <cuda_runtime.h>

#define THREADS 128  // also the largest d, one output column per thread
#define CHUNK 128    // keys per chunk

__global__ void row_kernel(const float* Q, const float* K, const float* V, float* O, int M, int N, int d,
                           float scale) {
    __shared__ float q[THREADS];
    __shared__ float p[CHUNK];
    __shared__ float red[THREADS / 32];
    const int i = blockIdx.x;
    N = i + 1;  // causal: row i sees keys 0..i only
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    q[tid] = tid < d ? Q[(size_t)i * d + tid] : 0.0f;
    __syncthreads();

    float l = 0.0f, acc = 0.0f;
    for (int j0 = 0; j0 < N; j0 += CHUNK) {
        const int len = min(CHUNK, N - j0);
        for (int jj = warp; jj < len; jj += THREADS / 32) {
            const float* krow = K + (size_t)(j0 + jj) * d;
            float s = 0.0f;
            for (int t = lane; t < d; t += 32) s += q[t] * krow[t];
            for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
            if (lane == 0) p[jj] = expf(s * scale);  // no maximum subtracted
        }
        __syncthreads();
        float part = tid < len ? p[tid] : 0.0f;
        for (int o = 16; o > 0; o >>= 1) part += __shfl_xor_sync(0xffffffffu, part, o);
        if (lane == 0) red[warp] = part;
        __syncthreads();
        l += (red[0] + red[1]) + (red[2] + red[3]);
        if (tid < d)
            for (int jj = 0; jj < len; ++jj) acc += p[jj] * V[(size_t)(j0 + jj) * d + tid];
        __syncthreads();  // p and red are overwritten by the next chunk
    }
    if (tid < d) O[(size_t)i * d + tid] = acc / l;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d) {
    const int N = M;  // self-attention: the keys are the same M positions as the queries
    row_kernel<<<M, THREADS>>>(Q, K, V, output, M, N, d, 1.0f / sqrtf((float)d));
}
