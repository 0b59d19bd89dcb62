// Naive, all query heads in one launch per step (blockIdx.z is the query head, which reads key/value
// head h / G in place: nothing is copied), 16 x 16 thread blocks and a num_q_heads x seq_len x
// seq_len scratch tensor: one thread per score, one thread per softmax row, one thread per output
// element.
#include <cuda_runtime.h>

__global__ void scores_kernel(const float* Q, const float* K, float* S, int L, int group, int D, float scale) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;  // key
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    const int h = blockIdx.z, g = h / group;
    if (i >= L || j >= L) return;
    const float* q = Q + ((size_t)h * L + i) * D;
    const float* k = K + ((size_t)g * L + j) * D;
    float acc = 0.0f;
    for (int t = 0; t < D; ++t) acc += q[t] * k[t];
    S[((size_t)h * L + i) * L + j] = acc * scale;
}

// One thread per row of the num_q_heads * seq_len rows of S, three passes.
__global__ void softmax_kernel(float* S, long long rows, int L) {
    long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float* row = S + (size_t)r * L;
    float m = -INFINITY;
    for (int j = 0; j < L; ++j) m = fmaxf(m, row[j]);
    float sum = 0.0f;
    for (int j = 0; j < L; ++j) {
        float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    float inv = 1.0f / sum;
    for (int j = 0; j < L; ++j) row[j] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int L, int group, int D) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;  // float within the head
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    const int h = blockIdx.z, g = h / group;
    if (i >= L || c >= D) return;
    const float* p = P + ((size_t)h * L + i) * L;
    const float* v = V + (size_t)g * L * D + c;
    float acc = 0.0f;
    for (int j = 0; j < L; ++j) acc += p[j] * v[(size_t)j * D];
    O[((size_t)h * L + i) * D + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int num_q_heads, int num_kv_heads,
                      int seq_len, int head_dim) {
    const int group = num_q_heads / num_kv_heads, L = seq_len, D = head_dim;
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)num_q_heads * L * L);
    dim3 block(16, 16);
    dim3 score_grid((L + 15) / 16, (L + 15) / 16, num_q_heads);
    scores_kernel<<<score_grid, block>>>(Q, K, S, L, group, D, 1.0f / sqrtf((float)D));
    const long long rows = (long long)num_q_heads * L;
    softmax_kernel<<<(unsigned)((rows + 255) / 256), 256>>>(S, rows, L);
    dim3 out_grid((D + 15) / 16, (L + 15) / 16, num_q_heads);
    output_kernel<<<out_grid, block>>>(S, V, output, L, group, D);
    cudaFree(S);
}
