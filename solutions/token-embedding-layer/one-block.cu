// One block of 1024 threads does every token: each of its 32 warps takes tokens warp,
// warp + 32, ..., and walks the token's two embedding rows three times (mean, variance, outputs)
// with warp-shuffle sums. Coalesced and correct, but a single SM of the GPU's hundred-odd
// gathers all 16,384 rows and writes all 48 MB: the slowest rung.
#include <cuda_runtime.h>

#define THREADS 1024

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void embed_one_block(const int* token_ids, const int* position_ids, const float* token_embeddings,
                                const float* position_embeddings, const float* gamma, const float* beta,
                                float* output, int tokens, int T, int D, float eps) {
    const int lane = threadIdx.x % 32;
    for (int token = threadIdx.x / 32; token < tokens; token += THREADS / 32) {
        const float* tok = token_embeddings + (size_t)token_ids[token] * D;
        const float* pos = position_embeddings + (size_t)position_ids[token % T] * D;
        float* y = output + (size_t)token * D;
        float s = 0.0f;
        for (int d = lane; d < D; d += 32) s += tok[d] + pos[d];
        const float mean = warp_sum(s) / D;
        float q = 0.0f;
        for (int d = lane; d < D; d += 32) {
            const float dev = (tok[d] + pos[d]) - mean;
            q += dev * dev;
        }
        const float rstd = rsqrtf(warp_sum(q) / D + eps);
        for (int d = lane; d < D; d += 32) y[d] = ((tok[d] + pos[d]) - mean) * rstd * gamma[d] + beta[d];
    }
}

extern "C" void solve(const int* token_ids, const int* position_ids, const float* token_embeddings,
                      const float* position_embeddings, const float* gamma, const float* beta, float* output, int B,
                      int T, int V, int P, int D, float eps) {
    embed_one_block<<<1, THREADS>>>(token_ids, position_ids, token_embeddings, position_embeddings, gamma, beta,
                                    output, B * T, T, D, eps);
    cudaDeviceSynchronize();
}
