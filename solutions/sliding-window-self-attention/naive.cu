// Naive, three kernels and an M x (2 * window_size + 1) scratch matrix of band scores: one thread
// per score (keys past either end of the sequence set to -inf), one thread per softmax row, one
// thread per output element. Every K and V row is read from global memory by up to 65 threads
// with no reuse on chip, and the scores travel through global memory three times.
#include <cuda_runtime.h>

// S[i][t] is the score of query i against key j = i - w + t.
__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int d, int w, float scale) {
    const int band = 2 * w + 1;
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)M * band) return;
    const int i = (int)(idx / band), t = (int)(idx % band), j = i - w + t;
    float s = -INFINITY;
    if (j >= 0 && j < M) {
        float acc = 0.0f;
        for (int c = 0; c < d; ++c) acc += Q[(size_t)i * d + c] * K[(size_t)j * d + c];
        s = acc * scale;
    }
    S[idx] = s;
}

// One thread per row: maximum, exponentials and their sum, normalize (exp(-inf) = 0 outside).
__global__ void softmax_kernel(float* S, int M, int band) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M) return;
    float* row = S + (size_t)i * band;
    float m = -INFINITY;
    for (int t = 0; t < band; ++t) m = fmaxf(m, row[t]);
    float sum = 0.0f;
    for (int t = 0; t < band; ++t) {
        const float e = expf(row[t] - m);
        row[t] = e;
        sum += e;
    }
    const float inv = 1.0f / sum;
    for (int t = 0; t < band; ++t) row[t] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int d, int w) {
    const int band = 2 * w + 1;
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)M * d) return;
    const int i = (int)(idx / d), c = (int)(idx % d);
    float acc = 0.0f;
    for (int t = 0; t < band; ++t) {
        const int j = i - w + t;
        if (j >= 0 && j < M) acc += P[(size_t)i * band + t] * V[(size_t)j * d + c];
    }
    O[idx] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int window_size) {
    const int band = 2 * window_size + 1;
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * band);
    const int threads = 256;
    const long long scores = (long long)M * band, outputs = (long long)M * d;
    scores_kernel<<<(unsigned)((scores + threads - 1) / threads), threads>>>(Q, K, S, M, d, window_size,
                                                                             1.0f / sqrtf((float)d));
    softmax_kernel<<<(M + threads - 1) / threads, threads>>>(S, M, band);
    output_kernel<<<(unsigned)((outputs + threads - 1) / threads), threads>>>(S, V, output, M, d, window_size);
    cudaFree(S);
}
