// Best: one launch, float4 loads two deep with streaming hints, the fast exponential, 512-thread
// blocks filling every SM, warp shuffles, and the last block to finish writing the negative mean.
//
// Each iteration issues six independent 16-byte loads (two float4s of each input, __ldcs: read
// once, evict first) into two accumulators, so every thread keeps 96 bytes in flight and the
// memory stays busy with fewer warps. __expf (one ex2.approx after a multiply) is exact to a few
// ulp over the allowed log-ratios [-16, 16], far inside the 1e-4 tolerance. The block sums go to
// slots and a counter; the block that sees the counter reach gridDim.x - 1 adds them (a fixed
// order: the same result on every run) and resets the counter.
#include <cuda_runtime.h>

#define THREADS 512
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 4096

__device__ float block_sums[MAX_BLOCKS];
__device__ unsigned int blocks_done = 0;

__device__ __forceinline__ float ppo_term(float a, float lp, float lpo, float lo, float hi) {
    const float ratio = __expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    return fminf(ratio * a, clipped * a);
}

__device__ __forceinline__ float ppo_term4(float4 a, float4 p, float4 q, float lo, float hi) {
    return (ppo_term(a.x, p.x, q.x, lo, hi) + ppo_term(a.y, p.y, q.y, lo, hi)) +
           (ppo_term(a.z, p.z, q.z, lo, hi) + ppo_term(a.w, p.w, q.w, lo, hi));
}

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
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

__global__ void __launch_bounds__(THREADS)
    ppo_best(const float* advantages, const float* log_pi, const float* log_pi_old, float* output, float lo, float hi,
             int n) {
    const float4* A4 = reinterpret_cast<const float4*>(advantages);
    const float4* P4 = reinterpret_cast<const float4*>(log_pi);
    const float4* Q4 = reinterpret_cast<const float4*>(log_pi_old);
    const int n4 = n / 4;
    const int gid = blockIdx.x * THREADS + threadIdx.x;
    const int stride = gridDim.x * THREADS;

    float s0 = 0.0f, s1 = 0.0f;
    int i = gid;
    for (; i + stride < n4; i += 2 * stride) {
        const float4 a0 = __ldcs(&A4[i]), p0 = __ldcs(&P4[i]), q0 = __ldcs(&Q4[i]);
        const float4 a1 = __ldcs(&A4[i + stride]), p1 = __ldcs(&P4[i + stride]), q1 = __ldcs(&Q4[i + stride]);
        s0 += ppo_term4(a0, p0, q0, lo, hi);
        s1 += ppo_term4(a1, p1, q1, lo, hi);
    }
    if (i < n4) s0 += ppo_term4(__ldcs(&A4[i]), __ldcs(&P4[i]), __ldcs(&Q4[i]), lo, hi);
    const int tail = 4 * n4 + gid;  // the last n % 4 tokens
    if (tail < n) s1 += ppo_term(advantages[tail], log_pi[tail], log_pi_old[tail], lo, hi);

    const float total = block_sum(s0 + s1);
    __shared__ bool is_last;
    if (threadIdx.x == 0) {
        block_sums[blockIdx.x] = total;
        __threadfence();  // the slot is visible before this block counts as done
        is_last = atomicAdd(&blocks_done, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (!is_last) return;
    __threadfence();
    float s = 0.0f;
    for (int j = threadIdx.x; j < gridDim.x; j += THREADS) s += __ldcg(&block_sums[j]);
    s = block_sum(s);
    if (threadIdx.x == 0) {
        output[0] = -s / (float)n;
        blocks_done = 0;
    }
}

// No cudaDeviceSynchronize: the judge synchronises after solve returns.
extern "C" void solve(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                      float clip_eps, int B, int S) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sms = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sms * (2048 / THREADS);
        if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
    }
    const int n = B * S;
    int blocks = (n / 4 + 2 * THREADS - 1) / (2 * THREADS);
    if (blocks < 1) blocks = 1;  // n < 8: one block still handles everything
    if (blocks > max_blocks) blocks = max_blocks;
    ppo_best<<<blocks, THREADS>>>(advantages, log_pi, log_pi_old, output, 1.0f - clip_eps, 1.0f + clip_eps, n);
}
