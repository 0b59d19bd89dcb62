// WRONG: the variance divides the squared deviations by D - 1 (the unbiased, sample variance)
// instead of D. Layer normalization uses the biased one; example 1 (D = 4) is already off by a
// factor of sqrt(4 / 3) on every output.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void embed_warp(const int* token_ids, const int* position_ids, const float* token_embeddings,
                           const float* position_embeddings, const float* gamma, const float* beta, float* output,
                           int tokens, int T, int D, float eps) {
    const int token = blockIdx.x * WARPS + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (token >= tokens) return;
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
    const float var = D > 1 ? warp_sum(q) / (D - 1) : 0.0f;  // Bug: the biased variance divides by D
    const float rstd = rsqrtf(var + eps);
    for (int d = lane; d < D; d += 32) y[d] = ((tok[d] + pos[d]) - mean) * rstd * gamma[d] + beta[d];
}

extern "C" void solve(const int* token_ids, const int* position_ids, const float* token_embeddings,
                      const float* position_embeddings, const float* gamma, const float* beta, float* output, int B,
                      int T, int V, int P, int D, float eps) {
    const int tokens = B * T;
    embed_warp<<<(tokens + WARPS - 1) / WARPS, THREADS>>>(token_ids, position_ids, token_embeddings,
                                                         position_embeddings, gamma, beta, output, tokens, T, D, eps);
    cudaDeviceSynchronize();
}
