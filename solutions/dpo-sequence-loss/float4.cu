// float4: as shuffle-last-block, but each thread loads a float4 of each of the four inputs per step
// (one 16-byte load instead of four 4-byte ones), and the last B % 4 pairs are handled by the
// first threads of the grid as scalars.
//
// A quarter of the load instructions for the same bytes, and more bytes in flight per thread.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 4096

__device__ float block_sums[MAX_BLOCKS];
__device__ unsigned int blocks_done = 0;

// The loss of one pair, -logsigmoid(z), in the stable form: softplus(-z) = max(-z, 0) + log1p(exp(-|z|)).
__device__ __forceinline__ float dpo_term(float c, float r, float cr, float rr, float beta) {
    const float z = beta * ((c - r) - (cr - rr));
    return fmaxf(-z, 0.0f) + log1pf(expf(-fabsf(z)));
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

__global__ void dpo_float4(const float* c, const float* r, const float* cr, const float* rr, float* output, float beta, int n) {
    const float4* C4 = reinterpret_cast<const float4*>(c);
    const float4* R4 = reinterpret_cast<const float4*>(r);
    const float4* CR4 = reinterpret_cast<const float4*>(cr);
    const float4* RR4 = reinterpret_cast<const float4*>(rr);
    const int n4 = n / 4;
    const int gid = blockIdx.x * THREADS + threadIdx.x;
    float sum = 0.0f;
    for (int j = gid; j < n4; j += gridDim.x * THREADS) sum += dpo_term4(C4[j], R4[j], CR4[j], RR4[j], beta);
    const int i = 4 * n4 + gid;  // the last n % 4 pairs
    if (i < n) sum += dpo_term(c[i], r[i], cr[i], rr[i], beta);
    const float total = block_sum(sum);
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
        output[0] = s / (float)n;
        blocks_done = 0;
    }
}

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
    int blocks = (B / 4 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;  // B < 4: one block handles the tail
    if (blocks > max_blocks) blocks = max_blocks;
    dpo_float4<<<blocks, THREADS>>>(chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output, beta, B);
}
