// Naive, all heads in one launch per step (blockIdx.z is the head), 16 x 16 thread blocks and an
// h x N x N scratch tensor: one thread per score, one thread per softmax row, one thread per
// output element. Three launches instead of 3h, and a warp's K loads touch 16 rows, not 32.
#include <cuda_runtime.h>

__global__ void scores_kernel(const float* Q, const float* K, float* S, int N, int d_model, int dk, float scale) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;  // key
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    const int head = blockIdx.z;
    if (i >= N || j >= N) return;
    const float* q = Q + (size_t)i * d_model + (size_t)head * dk;
    const float* k = K + (size_t)j * d_model + (size_t)head * dk;
    float acc = 0.0f;
    for (int t = 0; t < dk; ++t) acc += q[t] * k[t];
    S[((size_t)head * N + i) * N + j] = acc * scale;
}

// One thread per row of the h*N rows of S, three passes.
__global__ void softmax_kernel(float* S, long long rows, int N) {
    long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float* row = S + (size_t)r * N;
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

__global__ void output_kernel(const float* P, const float* V, float* O, int N, int d_model, int dk) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;  // column within the head
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    const int head = blockIdx.z;
    if (i >= N || c >= dk) return;
    const float* p = P + ((size_t)head * N + i) * N;
    const float* v = V + (size_t)head * dk + c;
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += p[j] * v[(size_t)j * d_model];
    O[(size_t)i * d_model + (size_t)head * dk + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int N, int d_model, int h) {
    const int dk = d_model / h;
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)h * N * N);
    dim3 block(16, 16);
    dim3 score_grid((N + 15) / 16, (N + 15) / 16, h);
    scores_kernel<<<score_grid, block>>>(Q, K, S, N, d_model, dk, 1.0f / sqrtf((float)dk));
    const long long rows = (long long)h * N;
    softmax_kernel<<<(unsigned)((rows + 255) / 256), 256>>>(S, rows, N);
    dim3 out_grid((dk + 15) / 16, (N + 15) / 16, h);
    output_kernel<<<out_grid, block>>>(S, V, output, N, d_model, dk);
    cudaFree(S);
}
