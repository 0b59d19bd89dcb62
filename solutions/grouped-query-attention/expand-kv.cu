// Naive, the way the model code says it: first repeat every key/value head G times
// (repeat_interleave) into scratch tensors as wide as Q, then, one query head at a time, three
// naive kernels (scores, one thread per softmax row, output) over a seq_len x seq_len scratch
// matrix. The copies and the 3 * num_q_heads launches cost time the grouping was meant to save.
#include <cuda_runtime.h>

// Kx[h] = K[h / group] for every query head h: one thread per float.
__global__ void expand_kernel(const float* K, float* Kx, long long per_head, int group, long long total) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= total) return;
    long long h = idx / per_head, e = idx % per_head;
    Kx[idx] = K[(h / group) * per_head + e];
}

// Q, K point at one head's seq_len x D block.
__global__ void scores_kernel(const float* Q, const float* K, float* S, int L, int D, float scale) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)L * L) return;
    int i = (int)(idx / L);
    int j = (int)(idx % L);
    float acc = 0.0f;
    for (int t = 0; t < D; ++t) acc += Q[(size_t)i * D + t] * K[(size_t)j * D + t];
    S[idx] = acc * scale;
}

// One thread walks its whole row three times: maximum, exponentials and their sum, normalize.
__global__ void softmax_kernel(float* S, int L) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= L) return;
    float* row = S + (size_t)i * L;
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

__global__ void output_kernel(const float* P, const float* V, float* O, int L, int D) {
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)L * D) return;
    int i = (int)(idx / D);
    int c = (int)(idx % D);
    float acc = 0.0f;
    for (int j = 0; j < L; ++j) acc += P[(size_t)i * L + j] * V[(size_t)j * D + c];
    O[idx] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int num_q_heads, int num_kv_heads,
                      int seq_len, int head_dim) {
    const int group = num_q_heads / num_kv_heads, L = seq_len, D = head_dim;
    const long long per_head = (long long)L * D, total = per_head * num_q_heads;
    const float scale = 1.0f / sqrtf((float)D);
    float *Kx = nullptr, *Vx = nullptr, *S = nullptr;
    cudaMalloc(&Kx, sizeof(float) * total);
    cudaMalloc(&Vx, sizeof(float) * total);
    cudaMalloc(&S, sizeof(float) * (size_t)L * L);
    const int threads = 256;
    expand_kernel<<<(unsigned)((total + threads - 1) / threads), threads>>>(K, Kx, per_head, group, total);
    expand_kernel<<<(unsigned)((total + threads - 1) / threads), threads>>>(V, Vx, per_head, group, total);
    const long long scores = (long long)L * L;
    for (int h = 0; h < num_q_heads; ++h) {
        const size_t off = (size_t)h * per_head;
        scores_kernel<<<(unsigned)((scores + threads - 1) / threads), threads>>>(Q + off, Kx + off, S, L, D, scale);
        softmax_kernel<<<(L + threads - 1) / threads, threads>>>(S, L);
        output_kernel<<<(unsigned)((per_head + threads - 1) / threads), threads>>>(S, Vx + off, output + off, L, D);
    }
    cudaFree(Kx);
    cudaFree(Vx);
    cudaFree(S);
}
