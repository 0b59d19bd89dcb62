// Naive, all heads in one launch per step (blockIdx.z is the head), 16 x 16 thread blocks and an
// H x M x N scratch tensor: one thread per score, one thread per softmax row, one thread per
// output element. Three launches instead of 3H, and a warp's K loads touch 16 rows, not 32.
#include <cuda_runtime.h>

__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int N, int H, int D, float scale) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;  // key
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    const int h = blockIdx.z;
    if (i >= M || j >= N) return;
    const float* q = Q + ((size_t)i * H + h) * D;
    const float* k = K + ((size_t)j * H + h) * D;
    float acc = 0.0f;
    for (int t = 0; t < D; ++t) acc += q[t] * k[t];
    S[((size_t)h * M + i) * N + j] = acc * scale;
}

// One thread per row of the H*M rows of S, three passes.
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

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int N, int H, int D) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;  // float within the head
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    const int h = blockIdx.z;
    if (i >= M || c >= D) return;
    const float* p = P + ((size_t)h * M + i) * N;
    const float* v = V + (size_t)h * D + c;
    const size_t ld = (size_t)H * D;
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += p[j] * v[(size_t)j * ld];
    O[((size_t)i * H + h) * D + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int H, int D) {
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)H * M * N);
    dim3 block(16, 16);
    dim3 score_grid((N + 15) / 16, (M + 15) / 16, H);
    scores_kernel<<<score_grid, block>>>(Q, K, S, M, N, H, D, 1.0f / sqrtf((float)D));
    const long long rows = (long long)H * M;
    softmax_kernel<<<(unsigned)((rows + 255) / 256), 256>>>(S, rows, N);
    dim3 out_grid((D + 15) / 16, (M + 15) / 16, H);
    output_kernel<<<out_grid, block>>>(S, V, output, M, N, H, D);
    cudaFree(S);
}
