// Naive, one head at a time: the host loops over the H heads and launches three kernels for each
// (3H launches), with an M x N scratch matrix reused by every head. One thread per score with
// consecutive threads on consecutive keys (so a warp's K reads are H * D floats apart), one
// thread per softmax row, one thread per output element.
#include <cuda_runtime.h>

// Q and K point at the head's first float; rows are ld = H * D floats apart.
__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int N, int ld, int D, float scale) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)M * N) return;
    int i = (int)(idx / N);
    int j = (int)(idx % N);
    float acc = 0.0f;
    for (int t = 0; t < D; ++t) acc += Q[(size_t)i * ld + t] * K[(size_t)j * ld + t];
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

// V and O point at the head's first float.
__global__ void output_kernel(const float* P, const float* V, float* O, int M, int N, int ld, int D) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)M * D) return;
    int i = (int)(idx / D);
    int c = (int)(idx % D);
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += P[(size_t)i * N + j] * V[(size_t)j * ld + c];
    O[(size_t)i * ld + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int H, int D) {
    const int ld = H * D;
    const float scale = 1.0f / sqrtf((float)D);
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * N);
    const int threads = 256;
    const long long scores = (long long)M * N, outputs = (long long)M * D;
    for (int h = 0; h < H; ++h) {
        const size_t off = (size_t)h * D;
        scores_kernel<<<(unsigned)((scores + threads - 1) / threads), threads>>>(Q + off, K + off, S, M, N, ld, D,
                                                                                 scale);
        softmax_kernel<<<(M + threads - 1) / threads, threads>>>(S, M, N);
        output_kernel<<<(unsigned)((outputs + threads - 1) / threads), threads>>>(S, V + off, output + off, M, N, ld,
                                                                                  D);
    }
    cudaFree(S);
}
