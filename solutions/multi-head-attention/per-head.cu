// Naive, one head at a time: the host loops over the h heads and launches three kernels for each
// (3h launches), with an N x N scratch matrix reused by every head. One thread per score with
// consecutive threads on consecutive keys (strided loads of K), one thread per softmax row, one
// thread per output element. Head hd owns columns [hd*d_k, (hd+1)*d_k) of every row.
#include <cuda_runtime.h>

// Q, K point at the head's first column; rows are d_model floats apart.
__global__ void scores_kernel(const float* Q, const float* K, float* S, int N, int d_model, int dk, float scale) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)N * N) return;
    int i = (int)(idx / N);
    int j = (int)(idx % N);
    float acc = 0.0f;
    for (int t = 0; t < dk; ++t) acc += Q[(size_t)i * d_model + t] * K[(size_t)j * d_model + t];
    S[idx] = acc * scale;
}

// One thread walks its whole row three times: maximum, exponentials and their sum, normalize.
__global__ void softmax_kernel(float* S, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
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

// V and O point at the head's first column.
__global__ void output_kernel(const float* P, const float* V, float* O, int N, int d_model, int dk) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)N * dk) return;
    int i = (int)(idx / dk);
    int c = (int)(idx % dk);
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += P[(size_t)i * N + j] * V[(size_t)j * d_model + c];
    O[(size_t)i * d_model + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int N, int d_model, int h) {
    const int dk = d_model / h;
    const float scale = 1.0f / sqrtf((float)dk);
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)N * N);
    const int threads = 256;
    const long long scores = (long long)N * N, outputs = (long long)N * dk;
    for (int hd = 0; hd < h; ++hd) {
        const size_t col = (size_t)hd * dk;
        scores_kernel<<<(unsigned)((scores + threads - 1) / threads), threads>>>(Q + col, K + col, S, N, d_model, dk, scale);
        softmax_kernel<<<(N + threads - 1) / threads, threads>>>(S, N);
        output_kernel<<<(unsigned)((outputs + threads - 1) / threads), threads>>>(S, V + col, output + col, N, d_model, dk);
    }
    cudaFree(S);
}
