// naive.cu with the mask used to skip work instead of to write -inf: the same three kernels,
// 16 x 16 blocks and M x M scratch, but a score thread whose key lies after its query returns at
// once (its entry is never written or read), the softmax thread walks only keys 0..i, and the
// output thread sums only over them. Each kernel does about half of naive.cu's work and traffic.
#include <cuda_runtime.h>

__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int N, int d, float scale) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;  // key
    int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    if (i >= M || j >= N || j > i) return;  // masked: never computed, never read
    float acc = 0.0f;
    for (int t = 0; t < d; ++t) acc += Q[(size_t)i * d + t] * K[(size_t)j * d + t];
    S[(size_t)i * N + j] = acc * scale;
}

// One thread walks its row's keys 0..i three times: maximum, exponentials and their sum, normalize.
__global__ void softmax_kernel(float* S, int M, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M) return;
    float* row = S + (size_t)i * N;
    N = i + 1;  // causal: keys after i are masked
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
    int c = blockIdx.x * blockDim.x + threadIdx.x;  // output column
    int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    if (i >= M || c >= d) return;
    float acc = 0.0f;
    for (int j = 0; j <= i; ++j) acc += P[(size_t)i * N + j] * V[(size_t)j * d + c];
    O[(size_t)i * d + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d) {
    const int N = M;  // self-attention: the keys are the same M positions as the queries
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * N);
    dim3 block(16, 16);
    dim3 score_grid((N + 15) / 16, (M + 15) / 16);
    scores_kernel<<<score_grid, block>>>(Q, K, S, M, N, d, 1.0f / sqrtf((float)d));
    softmax_kernel<<<(M + 255) / 256, 256>>>(S, M, N);
    dim3 out_grid((d + 15) / 16, (M + 15) / 16);
    output_kernel<<<out_grid, block>>>(S, V, output, M, N, d);
    cudaFree(S);
}
