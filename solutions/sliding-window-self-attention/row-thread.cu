// Fused, one thread per query row and no scratch: the thread scores its band (at most 65 keys)
// into a local array, takes the max-subtracted softmax, and accumulates the output row. One
// launch instead of three, but the 32 threads of a warp read 32 rows d floats apart, so every
// load instruction touches 32 cache lines.
#include <cuda_runtime.h>

#define BAND_MAX 65  // 2 * 32 + 1

__global__ void row_kernel(const float* Q, const float* K, const float* V, float* O, int M, int d, int w, float scale) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M) return;
    const int first = max(0, i - w), last = min(M - 1, i + w), n = last - first + 1;
    const float* q = Q + (size_t)i * d;
    float p[BAND_MAX];
    float m = -INFINITY;
    for (int t = 0; t < n; ++t) {
        const float* k = K + (size_t)(first + t) * d;
        float acc = 0.0f;
        for (int c = 0; c < d; ++c) acc += q[c] * k[c];
        p[t] = acc * scale;
        m = fmaxf(m, p[t]);
    }
    float sum = 0.0f;
    for (int t = 0; t < n; ++t) {
        p[t] = expf(p[t] - m);
        sum += p[t];
    }
    const float inv = 1.0f / sum;
    for (int c = 0; c < d; ++c) {
        float acc = 0.0f;
        for (int t = 0; t < n; ++t) acc += p[t] * V[(size_t)(first + t) * d + c];
        O[(size_t)i * d + c] = acc * inv;
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int window_size) {
    const int threads = 128;
    row_kernel<<<(M + threads - 1) / threads, threads>>>(Q, K, V, output, M, d, window_size, 1.0f / sqrtf((float)d));
}
