// Shuffles and a last block: one block per sequence as before, but warp 0 computes the advantage
// with shuffles (lane g holds reward g), the block sum uses warp shuffles (two barriers instead of
// eight), and instead of atomics on a cleared output each block stores its sum in its sequence's
// slot and bumps a counter; the block that finishes last adds the slots and writes the negative
// mean, then resets the counter for the next call.
//
// One launch instead of a memset plus a kernel, and the result no longer depends on the order in
// which blocks finish.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_SEQUENCES 8192  // B * G <= 256 * 32

__device__ float sequence_sums[MAX_SEQUENCES];
__device__ unsigned int blocks_done = 0;

__device__ __forceinline__ float grpo_term(float a, float lp, float lpo, float lr, float lo, float hi, float beta) {
    const float ratio = expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    const float surrogate = fminf(ratio * a, clipped * a);
    const float d = lr - lp;
    const float kl = expf(d) - d - 1.0f;
    return surrogate - beta * kl;
}

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// The sum of v over the block, valid in thread 0.
__device__ float block_sum(float v) {
    __shared__ float warp_totals[WARPS];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = warp_sum(v);
    __syncthreads();  // warp_totals may still be read by an earlier call
    if (lane == 0) warp_totals[warp] = v;
    __syncthreads();
    v = 0.0f;
    if (warp == 0) {
        if (lane < WARPS) v = warp_totals[lane];
        v = warp_sum(v);
    }
    return v;
}

// The advantage of sequence `seq`, computed by one full warp (G <= 32: lane g holds reward g).
__device__ float group_advantage(const float* rewards, int seq, int G) {
    const int lane = threadIdx.x % 32;
    const float* r = rewards + (seq / G) * G;
    const float x = lane < G ? r[lane] : 0.0f;
    const float mean = warp_sum(x) / (float)G;
    const float dev = lane < G ? x - mean : 0.0f;
    const float std_dev = sqrtf(warp_sum(dev * dev) / (float)G);
    return (rewards[seq] - mean) / (std_dev + 1e-8f);
}

__global__ void grpo_sequence_last_block(const float* rewards, const float* log_pi, const float* log_pi_old,
                                         const float* log_ref, float* output, float lo, float hi, float beta, int G,
                                         int S, int n) {
    __shared__ float adv;
    const int seq = blockIdx.x;
    if (threadIdx.x < 32) {
        const float a = group_advantage(rewards, seq, G);
        if (threadIdx.x == 0) adv = a;
    }
    __syncthreads();
    const float a = adv;
    const size_t base = (size_t)seq * S;
    float sum = 0.0f;
    for (int t = threadIdx.x; t < S; t += THREADS)
        sum += grpo_term(a, log_pi[base + t], log_pi_old[base + t], log_ref[base + t], lo, hi, beta);
    const float total = block_sum(sum);

    __shared__ bool is_last;
    if (threadIdx.x == 0) {
        sequence_sums[seq] = total;
        __threadfence();  // the slot is visible before this block counts as done
        is_last = atomicAdd(&blocks_done, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (!is_last) return;
    __threadfence();
    float s = 0.0f;
    for (int j = threadIdx.x; j < gridDim.x; j += THREADS) s += __ldcg(&sequence_sums[j]);
    s = block_sum(s);
    if (threadIdx.x == 0) {
        output[0] = -s / (float)n;
        blocks_done = 0;
    }
}

extern "C" void solve(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref,
                      float* output, float clip_eps, float beta, int B, int G, int S) {
    grpo_sequence_last_block<<<B * G, THREADS>>>(rewards, log_pi, log_pi_old, log_ref, output, 1.0f - clip_eps,
                                                 1.0f + clip_eps, beta, G, S, B * G * S);
}
