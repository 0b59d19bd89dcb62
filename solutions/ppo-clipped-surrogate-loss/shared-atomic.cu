// Shared atomics: one thread per token, each adds its term into its block's total with a
// shared-memory atomicAdd, then thread 0 adds -block_total / n into a cleared output with one
// global atomicAdd.
//
// The grid fills the GPU, but the 256 threads of a block all update one shared word: a warp's 32
// same-address atomics serialise, so each SM spends its time on about 32,000 serial updates
// instead of a tree's eight barriers; several times slower than element-atomic's tree, still far
// faster than one block streaming everything.
#include <cuda_runtime.h>

#define THREADS 256

__device__ __forceinline__ float ppo_term(float a, float lp, float lpo, float lo, float hi) {
    const float ratio = expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    return fminf(ratio * a, clipped * a);
}

__global__ void ppo_shared_atomic(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                                  float lo, float hi, int n, float scale) {
    __shared__ float block_total;
    if (threadIdx.x == 0) block_total = 0.0f;
    __syncthreads();
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < n) atomicAdd(&block_total, ppo_term(advantages[i], log_pi[i], log_pi_old[i], lo, hi));
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(output, block_total * scale);
}

extern "C" void solve(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                      float clip_eps, int B, int S) {
    const int n = B * S;
    cudaMemset(output, 0, sizeof(float));
    ppo_shared_atomic<<<(n + THREADS - 1) / THREADS, THREADS>>>(advantages, log_pi, log_pi_old, output, 1.0f - clip_eps,
                                                                1.0f + clip_eps, n, -1.0f / (float)n);
}
