// WRONG: one block per (query row, head) computes exp(score) without subtracting the row maximum
// first. Mathematically the same softmax, but expf overflows to infinity once a score exceeds
// about 88.7: example 3 (scores of 100) gives inf / inf = NaN, and so does the large-scores test.
#include <cuda_runtime.h>

#define THREADS 128
#define CHUNK 128
#define DK_MAX 1024

__global__ void row_kernel(const float* Q, const float* K, const float* V, float* O, int N, int d_model, int dk,
                           float scale) {
    __shared__ float q[DK_MAX];
    __shared__ float p[CHUNK];
    __shared__ float red[THREADS / 32];
    const int i = blockIdx.x, head = blockIdx.y;
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const size_t col0 = (size_t)head * dk;
    for (int t = tid; t < dk; t += THREADS) q[t] = Q[(size_t)i * d_model + col0 + t];
    __syncthreads();

    float acc[DK_MAX / THREADS];
    for (int u = 0; u < DK_MAX / THREADS; ++u) acc[u] = 0.0f;
    float l = 0.0f;
    for (int j0 = 0; j0 < N; j0 += CHUNK) {
        const int len = min(CHUNK, N - j0);
        for (int jj = warp; jj < len; jj += THREADS / 32) {
            const float* krow = K + (size_t)(j0 + jj) * d_model + col0;
            float s = 0.0f;
            for (int t = lane; t < dk; t += 32) s += q[t] * krow[t];
            for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
            if (lane == 0) p[jj] = expf(s * scale);  // no maximum subtracted
        }
        __syncthreads();
        float part = tid < len ? p[tid] : 0.0f;
        for (int o = 16; o > 0; o >>= 1) part += __shfl_xor_sync(0xffffffffu, part, o);
        if (lane == 0) red[warp] = part;
        __syncthreads();
        l += (red[0] + red[1]) + (red[2] + red[3]);
        for (int u = 0; u < DK_MAX / THREADS; ++u) {
            const int c = tid + THREADS * u;
            if (c >= dk) break;
            for (int jj = 0; jj < len; ++jj) acc[u] += p[jj] * V[(size_t)(j0 + jj) * d_model + col0 + c];
        }
        __syncthreads();  // p and red are overwritten by the next chunk
    }
    for (int u = 0; u < DK_MAX / THREADS; ++u) {
        const int c = tid + THREADS * u;
        if (c < dk) O[(size_t)i * d_model + col0 + c] = acc[u] / l;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int N, int d_model, int h) {
    const int dk = d_model / h;
    dim3 grid(N, h);
    row_kernel<<<grid, THREADS>>>(Q, K, V, output, N, d_model, dk, 1.0f / sqrtf((float)dk));
}
