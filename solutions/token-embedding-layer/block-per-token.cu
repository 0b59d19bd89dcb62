// One kernel, one 256-thread block per token: each thread adds up every 256th feature of the sum
// of the two embedding rows, shared-memory trees add the partial sums (the mean, then the
// squared deviations), and the block writes its row. Coalesced, and the second and third walks
// find the rows in L1; but at D = 768 a thread has only three features, so the two eight-level
// trees, with a __syncthreads() per level, are most of what a block does.
#include <cuda_runtime.h>

#define THREADS 256

// The sum of v over the block; every thread gets it.
__device__ float block_sum(float v, float* partial) {
    partial[threadIdx.x] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    const float total = partial[0];
    __syncthreads();  // everyone has read partial[0] before the next sum overwrites it
    return total;
}

__global__ void embed_block(const int* token_ids, const int* position_ids, const float* token_embeddings,
                            const float* position_embeddings, const float* gamma, const float* beta, float* output,
                            int T, int D, float eps) {
    __shared__ float partial[THREADS];
    const int token = blockIdx.x;
    const float* tok = token_embeddings + (size_t)token_ids[token] * D;
    const float* pos = position_embeddings + (size_t)position_ids[token % T] * D;
    float* y = output + (size_t)token * D;
    float s = 0.0f;
    for (int d = threadIdx.x; d < D; d += THREADS) s += tok[d] + pos[d];
    const float mean = block_sum(s, partial) / D;
    float q = 0.0f;
    for (int d = threadIdx.x; d < D; d += THREADS) {
        const float dev = (tok[d] + pos[d]) - mean;
        q += dev * dev;
    }
    const float rstd = rsqrtf(block_sum(q, partial) / D + eps);
    for (int d = threadIdx.x; d < D; d += THREADS) y[d] = ((tok[d] + pos[d]) - mean) * rstd * gamma[d] + beta[d];
}

extern "C" void solve(const int* token_ids, const int* position_ids, const float* token_embeddings,
                      const float* position_embeddings, const float* gamma, const float* beta, float* output, int B,
                      int T, int V, int P, int D, float eps) {
    embed_block<<<B * T, THREADS>>>(token_ids, position_ids, token_embeddings, position_embeddings, gamma, beta,
                                    output, T, D, eps);
    cudaDeviceSynchronize();
}
