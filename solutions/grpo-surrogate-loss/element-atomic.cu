// Element per thread: one thread per token. Each thread recomputes its group's mean and std from
// the G rewards (the whole warp reads the same rewards, so the loads are broadcasts from cache),
// a shared-memory tree adds the block's 256 terms, and one atomicAdd per block goes into a
// cleared output.
//
// The whole GPU reads the log-probabilities now, coalesced, but every token pays for two passes
// over G rewards, a square root and a division, and each thread has a single token of work to
// hide its memory latency with.
#include <cuda_runtime.h>

#define THREADS 256

__device__ __forceinline__ float grpo_term(float a, float lp, float lpo, float lr, float lo, float hi, float beta) {
    const float ratio = expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    const float surrogate = fminf(ratio * a, clipped * a);
    const float d = lr - lp;
    const float kl = expf(d) - d - 1.0f;
    return surrogate - beta * kl;
}

__global__ void grpo_elements(const float* rewards, const float* log_pi, const float* log_pi_old,
                              const float* log_ref, float* output, float lo, float hi, float beta, int G, int S,
                              int n, float scale) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    float term = 0.0f;
    if (i < n) {
        const int seq = i / S;
        const float* r = rewards + (seq / G) * G;
        float mean = 0.0f;
        for (int g = 0; g < G; ++g) mean += r[g];
        mean /= (float)G;
        float var = 0.0f;
        for (int g = 0; g < G; ++g) var += (r[g] - mean) * (r[g] - mean);
        const float a = (rewards[seq] - mean) / (sqrtf(var / (float)G) + 1e-8f);
        term = grpo_term(a, log_pi[i], log_pi_old[i], log_ref[i], lo, hi, beta);
    }
    partial[tid] = term;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0] * scale);
}

extern "C" void solve(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref,
                      float* output, float clip_eps, float beta, int B, int G, int S) {
    cudaMemset(output, 0, sizeof(float));
    const int n = B * G * S;
    const float scale = -1.0f / (float)n;
    grpo_elements<<<(n + THREADS - 1) / THREADS, THREADS>>>(rewards, log_pi, log_pi_old, log_ref, output,
                                                            1.0f - clip_eps, 1.0f + clip_eps, beta, G, S, n, scale);
}
