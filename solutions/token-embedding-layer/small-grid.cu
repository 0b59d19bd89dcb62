// Small grid: a warp per token as in one-block, but a fixed 16 blocks of 1024 threads, so 512
// warps take tokens warp, warp + 512, ..., each walking its token's two embedding rows three times
// (mean, variance, outputs; the last two mostly from L1) with warp-shuffle sums.
//
// Coalesced, and sixteen SMs instead of one: about a sixteenth of one-block's time. But 16 of the
// GPU's 132 SMs gather every row and write all 48 MB: far too few loads in flight for the memory,
// so still a few times slower than two-kernels, whose grids cover the whole GPU.
#include <cuda_runtime.h>

#define THREADS 1024
#define BLOCKS 16
#define WARPS (BLOCKS * THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void embed_small_grid(const int* token_ids, const int* position_ids, const float* token_embeddings,
                                 const float* position_embeddings, const float* gamma, const float* beta, float* output,
                                 int tokens, int T, int D, float eps) {
    const int lane = threadIdx.x % 32;
    for (int token = (blockIdx.x * THREADS + threadIdx.x) / 32; token < tokens; token += WARPS) {
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
    embed_small_grid<<<BLOCKS, THREADS>>>(token_ids, position_ids, token_embeddings, position_embeddings, gamma, beta,
                                          output, B * T, T, D, eps);
    cudaDeviceSynchronize();
}
