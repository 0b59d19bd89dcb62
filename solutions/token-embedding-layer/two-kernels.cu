// Gather, then normalize, in two kernels: one thread per element writes s = token row + position
// row to a scratch buffer, then a warp per token normalizes the scratch rows (three walks, the
// second and third from L1). Both kernels are coalesced, but the 48 MB of sums go to memory and
// come back: about twice the traffic of one fused kernel.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

static float* scratch = nullptr;
static size_t scratch_floats = 0;

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void gather_sums(const int* token_ids, const int* position_ids, const float* token_embeddings,
                            const float* position_embeddings, float* s, size_t total, int T, int D) {
    const size_t i = (size_t)blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const int token = (int)(i / D);
        const int d = (int)(i - (size_t)token * D);
        s[i] = token_embeddings[(size_t)token_ids[token] * D + d] +
               position_embeddings[(size_t)position_ids[token % T] * D + d];
    }
}

__global__ void normalize_rows(const float* s, const float* gamma, const float* beta, float* output, int tokens,
                               int D, float eps) {
    const int token = blockIdx.x * WARPS + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (token >= tokens) return;
    const float* x = s + (size_t)token * D;
    float* y = output + (size_t)token * D;
    float sum = 0.0f;
    for (int d = lane; d < D; d += 32) sum += x[d];
    const float mean = warp_sum(sum) / D;
    float q = 0.0f;
    for (int d = lane; d < D; d += 32) {
        const float dev = x[d] - mean;
        q += dev * dev;
    }
    const float rstd = rsqrtf(warp_sum(q) / D + eps);
    for (int d = lane; d < D; d += 32) y[d] = (x[d] - mean) * rstd * gamma[d] + beta[d];
}

extern "C" void solve(const int* token_ids, const int* position_ids, const float* token_embeddings,
                      const float* position_embeddings, const float* gamma, const float* beta, float* output, int B,
                      int T, int V, int P, int D, float eps) {
    const int tokens = B * T;
    const size_t total = (size_t)tokens * D;
    if (total > scratch_floats) {
        cudaFree(scratch);
        scratch = nullptr;
        scratch_floats = 0;
        if (cudaMalloc(&scratch, total * sizeof(float)) != cudaSuccess) return;
        scratch_floats = total;
    }
    gather_sums<<<(unsigned)((total + THREADS - 1) / THREADS), THREADS>>>(token_ids, position_ids, token_embeddings,
                                                                          position_embeddings, scratch, total, T, D);
    normalize_rows<<<(tokens + WARPS - 1) / WARPS, THREADS>>>(scratch, gamma, beta, output, tokens, D, eps);
    cudaDeviceSynchronize();
}
