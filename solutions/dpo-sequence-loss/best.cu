// Best: one launch, float4 loads two deep with streaming hints, the fast exp and log intrinsics,
// 512-thread blocks filling every SM, warp shuffles, and the last block to finish writing the mean.
//
// Each iteration issues eight independent 16-byte loads (two float4s of each input, __ldcs: read
// once, evict first) into two accumulators, so every thread keeps 128 bytes in flight. __expf and
// __logf replace expf and log1pf, whose range reduction costs tens of instructions per pair: at
// 16 million pairs that arithmetic is no longer hidden behind the loads. The block sums go to slots
// and a counter; the last block adds them in a fixed order (the same result on every run).
#include <cuda_runtime.h>

#define THREADS 512
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 4096

__device__ float block_sums[MAX_BLOCKS];
__device__ unsigned int blocks_done = 0;

// The loss of one pair, -logsigmoid(z), in the stable form softplus(-z) = max(-z, 0) + log(1 + exp(-|z|)),
// with the fast intrinsics: exp(-|z|) lies in (0, 1], so 1 + it is in [1, 2] and __logf's absolute
// error there (about 1e-7) is far inside the tolerance; log1p's extra accuracy for tiny arguments
// only matters relative to a loss that is then at most 1e-7.
__device__ __forceinline__ float dpo_term(float c, float r, float cr, float rr, float beta) {
    const float z = beta * ((c - r) - (cr - rr));
    return fmaxf(-z, 0.0f) + __logf(1.0f + __expf(-fabsf(z)));
}

__device__ __forceinline__ float dpo_term4(float4 c, float4 r, float4 cr, float4 rr, float beta) {
    return (dpo_term(c.x, r.x, cr.x, rr.x, beta) + dpo_term(c.y, r.y, cr.y, rr.y, beta)) +
           (dpo_term(c.z, r.z, cr.z, rr.z, beta) + dpo_term(c.w, r.w, cr.w, rr.w, beta));
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

__global__ void __launch_bounds__(THREADS) dpo_best(const float* c, const float* r, const float* cr, const float* rr, float* output, float beta, int n) {
    const float4* C4 = reinterpret_cast<const float4*>(c);
    const float4* R4 = reinterpret_cast<const float4*>(r);
    const float4* CR4 = reinterpret_cast<const float4*>(cr);
    const float4* RR4 = reinterpret_cast<const float4*>(rr);
    const int n4 = n / 4;
    const int gid = blockIdx.x * THREADS + threadIdx.x;
    const int stride = gridDim.x * THREADS;
    float s0 = 0.0f, s1 = 0.0f;
    int j = gid;
    for (; j + stride < n4; j += 2 * stride) {
        const float4 c0 = __ldcs(&C4[j]), r0 = __ldcs(&R4[j]), cr0 = __ldcs(&CR4[j]), rr0 = __ldcs(&RR4[j]);
        const int k = j + stride;
        const float4 c1 = __ldcs(&C4[k]), r1 = __ldcs(&R4[k]), cr1 = __ldcs(&CR4[k]), rr1 = __ldcs(&RR4[k]);
        s0 += dpo_term4(c0, r0, cr0, rr0, beta);
        s1 += dpo_term4(c1, r1, cr1, rr1, beta);
    }
    if (j < n4) s0 += dpo_term4(__ldcs(&C4[j]), __ldcs(&R4[j]), __ldcs(&CR4[j]), __ldcs(&RR4[j]), beta);
    const int i = 4 * n4 + gid;  // the last n % 4 pairs
    if (i < n) s1 += dpo_term(c[i], r[i], cr[i], rr[i], beta);
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
    for (int b = threadIdx.x; b < gridDim.x; b += THREADS) s += __ldcg(&block_sums[b]);
    s = block_sum(s);
    if (threadIdx.x == 0) {
        output[0] = s / (float)n;
        blocks_done = 0;
    }
}

// No cudaDeviceSynchronize: the judge synchronises after solve returns.
extern "C" void solve(const float* chosen_logps, const float* rejected_logps, const float* chosen_ref_logps,
                      const float* rejected_ref_logps, float* output, float beta, int B) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sms = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sms * (2048 / THREADS);
        if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
    }
    int blocks = (B / 4 + 2 * THREADS - 1) / (2 * THREADS);
    if (blocks < 1) blocks = 1;  // B < 8: one block still handles everything
    if (blocks > max_blocks) blocks = max_blocks;
    dpo_best<<<blocks, THREADS>>>(chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output, beta, B);
}
