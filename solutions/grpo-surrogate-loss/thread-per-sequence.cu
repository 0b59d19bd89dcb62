// Thread per sequence: B * G threads, each computes its group's mean and std from the G rewards,
// then adds up the S terms of its own sequence in a float, and one atomicAdd per sequence into a
// cleared output.
//
// Slow on purpose: only 1,024 threads on the performance case, and the 32 lanes of a warp read 32
// different sequences, 16 KiB apart, so every load instruction touches 32 separate cache lines
// instead of one. A chain of at most 16,384 float additions stays accurate.
#include <cuda_runtime.h>

__device__ __forceinline__ float grpo_term(float a, float lp, float lpo, float lr, float lo, float hi, float beta) {
    const float ratio = expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    const float surrogate = fminf(ratio * a, clipped * a);
    const float d = lr - lp;
    const float kl = expf(d) - d - 1.0f;
    return surrogate - beta * kl;
}

__global__ void grpo_sequences(const float* rewards, const float* log_pi, const float* log_pi_old,
                               const float* log_ref, float* output, float lo, float hi, float beta, int B, int G,
                               int S, float scale) {
    const int seq = blockIdx.x * blockDim.x + threadIdx.x;
    if (seq >= B * G) return;
    const float* r = rewards + (seq / G) * G;
    float mean = 0.0f;
    for (int g = 0; g < G; ++g) mean += r[g];
    mean /= (float)G;
    float var = 0.0f;
    for (int g = 0; g < G; ++g) var += (r[g] - mean) * (r[g] - mean);
    const float a = (rewards[seq] - mean) / (sqrtf(var / (float)G) + 1e-8f);

    const size_t base = (size_t)seq * S;
    float sum = 0.0f;
    for (int t = 0; t < S; ++t)
        sum += grpo_term(a, log_pi[base + t], log_pi_old[base + t], log_ref[base + t], lo, hi, beta);
    atomicAdd(output, sum * scale);
}

extern "C" void solve(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref,
                      float* output, float clip_eps, float beta, int B, int G, int S) {
    cudaMemset(output, 0, sizeof(float));
    const float scale = -1.0f / ((float)B * (float)G * (float)S);
    const int threads = 256;
    grpo_sequences<<<(B * G + threads - 1) / threads, threads>>>(rewards, log_pi, log_pi_old, log_ref, output,
                                                                 1.0f - clip_eps, 1.0f + clip_eps, beta, B, G, S,
                                                                 scale);
}
