// WRONG: naive whose output kernel checks the column but not the row: the 16 x 16 blocks of the
// last row of blocks write rows up to a multiple of 16, past the end of output whenever M is not
// a multiple of 16 (example 1 has M = 2).
#include <cuda_runtime.h>

__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int N, int d, float scale, float alpha) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;  // key
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    if (i >= M || j >= N) return;
    float acc = 0.0f;
    for (int t = 0; t < d; ++t) acc += Q[(size_t)i * d + t] * K[(size_t)j * d + t];
    S[(size_t)i * N + j] = acc * scale + alpha * (float)(i - j);
}

// One thread per row: maximum, exponentials and their sum, normalize.
__global__ void softmax_kernel(float* S, int M, int N) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M) return;
    float* row = S + (size_t)i * N;
    float m = -INFINITY;
    for (int j = 0; j < N; ++j) m = fmaxf(m, row[j]);
    float sum = 0.0f;
    for (int j = 0; j < N; ++j) {
        const float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    const float inv = 1.0f / sum;
    for (int j = 0; j < N; ++j) row[j] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int N, int d) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (c >= d) return;  // BUG: no i < M check
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += P[(size_t)i * N + j] * V[(size_t)j * d + c];
    O[(size_t)i * d + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int d, float alpha) {
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * N);
    dim3 block(16, 16);
    scores_kernel<<<dim3((N + 15) / 16, (M + 15) / 16), block>>>(Q, K, S, M, N, d, 1.0f / sqrtf((float)d), alpha);
    softmax_kernel<<<(M + 255) / 256, 256>>>(S, M, N);
    output_kernel<<<dim3((d + 15) / 16, (M + 15) / 16), block>>>(S, V, output, M, N, d);
    cudaFree(S);
}
