// Naive, three kernels with 1-D grids and an M x N scratch matrix in global memory: one thread per
// score (consecutive threads take consecutive keys, so every load of K touches 32 different rows),
// one thread per row for the softmax, one thread per output element. The strided K loads make the
// score kernel the slowest part by far.
#include <cuda_runtime.h>

__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int N, int d, float scale) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)M * N) return;
    int i = (int)(idx / N);
    int j = (int)(idx % N);
    float acc = 0.0f;
    for (int t = 0; t < d; ++t) acc += Q[(size_t)i * d + t] * K[(size_t)j * d + t];
    S[idx] = acc * scale;
}

// One thread walks its whole row three times: maximum, exponentials and their sum, normalize.
__global__ void softmax_kernel(float* S, int M, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M) return;
    float* row = S + (size_t)i * N;
    float m = -INFINITY;
    for (int j = 0; j < N; ++j) m = fmaxf(m, row[j]);
    float sum = 0.0f;
    for (int j = 0; j < N; ++j) {
        float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    float inv = 1.0f / sum;
    for (int j = 0; j < N; ++j) row[j] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int N, int d) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)M * d) return;
    int i = (int)(idx / d);
    int c = (int)(idx % d);
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += P[(size_t)i * N + j] * V[(size_t)j * d + c];
    O[idx] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int d) {
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * N);
    const int threads = 256;
    long long scores = (long long)M * N, outputs = (long long)M * d;
    scores_kernel<<<(unsigned)((scores + threads - 1) / threads), threads>>>(Q, K, S, M, N, d, 1.0f / sqrtf((float)d));
    softmax_kernel<<<(M + threads - 1) / threads, threads>>>(S, M, N);
    output_kernel<<<(unsigned)((outputs + threads - 1) / threads), threads>>>(S, V, output, M, N, d);
    cudaFree(S);
}
