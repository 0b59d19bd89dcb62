// One thread per token: the thread adds its token's two embedding rows and walks the sum three
// times (mean, variance, outputs). Parallel over tokens, but not coalesced: the 32 threads of a
// warp read 32 rows at scattered places, so each warp load touches 32 cache lines to use 4
// bytes of each, and the 16,384 tokens of the performance case make only 64 blocks.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void embed_rows(const int* token_ids, const int* position_ids, const float* token_embeddings,
                           const float* position_embeddings, const float* gamma, const float* beta, float* output,
                           int tokens, int T, int D, float eps) {
    const int token = blockIdx.x * THREADS + threadIdx.x;
    if (token >= tokens) return;
    const float* tok = token_embeddings + (size_t)token_ids[token] * D;
    const float* pos = position_embeddings + (size_t)position_ids[token % T] * D;
    float* y = output + (size_t)token * D;
    float s = 0.0f;
    for (int d = 0; d < D; ++d) s += tok[d] + pos[d];
    const float mean = s / D;
    float q = 0.0f;
    for (int d = 0; d < D; ++d) {
        const float dev = (tok[d] + pos[d]) - mean;
        q += dev * dev;
    }
    const float rstd = 1.0f / sqrtf(q / D + eps);
    for (int d = 0; d < D; ++d) y[d] = ((tok[d] + pos[d]) - mean) * rstd * gamma[d] + beta[d];
}

extern "C" void solve(const int* token_ids, const int* position_ids, const float* token_embeddings,
                      const float* position_embeddings, const float* gamma, const float* beta, float* output, int B,
                      int T, int V, int P, int D, float eps) {
    const int tokens = B * T;
    embed_rows<<<(tokens + THREADS - 1) / THREADS, THREADS>>>(token_ids, position_ids, token_embeddings,
                                                             position_embeddings, gamma, beta, output, tokens, T, D,
                                                             eps);
    cudaDeviceSynchronize();
}
