// One block: a single block of 1,024 threads first computes every sequence's advantage into
// shared memory (B * G <= 8,192 floats, 32 KiB), then walks all B * G * S tokens with a coalesced
// block-stride loop; a shared-memory tree adds the threads' sums and thread 0 writes the mean.
//
// Coalesced, no atomics, one launch, but one SM does all the work: its share of the memory
// bandwidth is a small fraction of the GPU's.
#include <cuda_runtime.h>

#define THREADS 1024
#define MAX_SEQUENCES 8192  // B * G <= 256 * 32

__device__ __forceinline__ float grpo_term(float a, float lp, float lpo, float lr, float lo, float hi, float beta) {
    const float ratio = expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    const float surrogate = fminf(ratio * a, clipped * a);
    const float d = lr - lp;
    const float kl = expf(d) - d - 1.0f;
    return surrogate - beta * kl;
}

__global__ void grpo_one_block(const float* rewards, const float* log_pi, const float* log_pi_old,
                               const float* log_ref, float* output, float lo, float hi, float beta, int B, int G,
                               int S) {
    __shared__ float adv[MAX_SEQUENCES];
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    for (int seq = tid; seq < B * G; seq += THREADS) {
        const float* r = rewards + (seq / G) * G;
        float mean = 0.0f;
        for (int g = 0; g < G; ++g) mean += r[g];
        mean /= (float)G;
        float var = 0.0f;
        for (int g = 0; g < G; ++g) var += (r[g] - mean) * (r[g] - mean);
        adv[seq] = (rewards[seq] - mean) / (sqrtf(var / (float)G) + 1e-8f);
    }
    __syncthreads();

    const int n = B * G * S;
    float sum = 0.0f;
    for (int i = tid; i < n; i += THREADS)
        sum += grpo_term(adv[i / S], log_pi[i], log_pi_old[i], log_ref[i], lo, hi, beta);
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) output[0] = -partial[0] / (float)n;
}

extern "C" void solve(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref,
                      float* output, float clip_eps, float beta, int B, int G, int S) {
    grpo_one_block<<<1, THREADS>>>(rewards, log_pi, log_pi_old, log_ref, output, 1.0f - clip_eps, 1.0f + clip_eps,
                                   beta, B, G, S);
}
