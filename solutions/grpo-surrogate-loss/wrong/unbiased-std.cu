// WRONG: standardizes the rewards with the sample std (dividing the squared deviations by G - 1)
// instead of the population std (dividing by G). Every advantage is sqrt((G - 1) / G) of the right
// one: in example 1 (G = 2) they are -0.707 and +0.707 instead of -1 and +1.
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

__global__ void grpo_block_per_sequence(const float* rewards, const float* log_pi, const float* log_pi_old,
                                        const float* log_ref, float* output, float lo, float hi, float beta, int G,
                                        int S, float scale) {
    __shared__ float partial[THREADS];
    __shared__ float adv;
    const int tid = threadIdx.x;
    const int seq = blockIdx.x;
    if (tid == 0) {
        const float* r = rewards + (seq / G) * G;
        float mean = 0.0f;
        for (int g = 0; g < G; ++g) mean += r[g];
        mean /= (float)G;
        float var = 0.0f;
        for (int g = 0; g < G; ++g) var += (r[g] - mean) * (r[g] - mean);
        adv = (rewards[seq] - mean) / (sqrtf(var / (float)(G - 1)) + 1e-8f);
    }
    __syncthreads();
    const float a = adv;
    const size_t base = (size_t)seq * S;
    float sum = 0.0f;
    for (int t = tid; t < S; t += THREADS)
        sum += grpo_term(a, log_pi[base + t], log_pi_old[base + t], log_ref[base + t], lo, hi, beta);
    partial[tid] = sum;
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
    const float scale = -1.0f / ((float)B * (float)G * (float)S);
    grpo_block_per_sequence<<<B * G, THREADS>>>(rewards, log_pi, log_pi_old, log_ref, output, 1.0f - clip_eps,
                                                1.0f + clip_eps, beta, G, S, scale);
}
