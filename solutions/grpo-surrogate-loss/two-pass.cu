// Advantages first: a small kernel computes the B * G advantages once into a scratch array; then
// one thread per token reads its sequence's advantage, a shared-memory tree adds the block's
// terms into the block's own slot, and a last one-block kernel adds the slots and writes the
// negative mean.
//
// No per-token statistics any more and no same-address atomics or memset, but three launches,
// still one token per thread, and an integer division per token to find its sequence.
#include <cuda_runtime.h>

#define THREADS 256
#define FINAL_THREADS 1024
#define MAX_SEQUENCES 8192  // B * G <= 256 * 32

__device__ float advantages[MAX_SEQUENCES];

__device__ __forceinline__ float grpo_term(float a, float lp, float lpo, float lr, float lo, float hi, float beta) {
    const float ratio = expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    const float surrogate = fminf(ratio * a, clipped * a);
    const float d = lr - lp;
    const float kl = expf(d) - d - 1.0f;
    return surrogate - beta * kl;
}

__global__ void grpo_advantages(const float* rewards, int B, int G) {
    const int seq = blockIdx.x * blockDim.x + threadIdx.x;
    if (seq >= B * G) return;
    const float* r = rewards + (seq / G) * G;
    float mean = 0.0f;
    for (int g = 0; g < G; ++g) mean += r[g];
    mean /= (float)G;
    float var = 0.0f;
    for (int g = 0; g < G; ++g) var += (r[g] - mean) * (r[g] - mean);
    advantages[seq] = (rewards[seq] - mean) / (sqrtf(var / (float)G) + 1e-8f);
}

__global__ void grpo_block_sums(const float* log_pi, const float* log_pi_old, const float* log_ref, float* sums,
                                float lo, float hi, float beta, int S, int n) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    partial[tid] = i < n ? grpo_term(advantages[i / S], log_pi[i], log_pi_old[i], log_ref[i], lo, hi, beta) : 0.0f;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) sums[blockIdx.x] = partial[0];
}

__global__ void grpo_final(const float* sums, int count, float* output, int n) {
    __shared__ float partial[FINAL_THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = tid; i < count; i += FINAL_THREADS) sum += sums[i];
    partial[tid] = sum;
    __syncthreads();
    for (int stride = FINAL_THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) output[0] = -partial[0] / (float)n;
}

extern "C" void solve(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref,
                      float* output, float clip_eps, float beta, int B, int G, int S) {
    static float* sums = nullptr;
    static int capacity = 0;
    const int n = B * G * S;
    const int blocks = (n + THREADS - 1) / THREADS;
    if (blocks > capacity) {
        if (sums) cudaFree(sums);
        cudaMalloc(&sums, blocks * sizeof(float));
        capacity = blocks;
    }
    grpo_advantages<<<(B * G + 255) / 256, 256>>>(rewards, B, G);
    grpo_block_sums<<<blocks, THREADS>>>(log_pi, log_pi_old, log_ref, sums, 1.0f - clip_eps, 1.0f + clip_eps, beta,
                                         S, n);
    grpo_final<<<1, FINAL_THREADS>>>(sums, blocks, output, n);
}
