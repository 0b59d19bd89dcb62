// Best: 16-byte loads four deep, float accumulators, warp shuffles, and the last block to finish
// adds up the block totals: one launch, no memset, no atomics on result.
//
// Each loop trip reads four uint4s of A and four of B (128 bytes per thread in flight, 8 halves
// each) into independent float accumulators, on a grid that fills every SM. Each block writes
// its total to a slot of a small device array and bumps a counter; the block that sees the
// counter reach gridDim.x - 1 knows every slot is written, adds them, stores the half result
// and resets the counter for the next call.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 512
#define WARPS (THREADS / 32)
#define DEPTH 4
#define MAX_BLOCKS 2048

__device__ float block_totals[MAX_BLOCKS];
__device__ unsigned int blocks_done = 0;

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

// Sum of v over the block; the result is valid in thread 0.
__device__ float block_sum(float v) {
    __shared__ float warp_totals[WARPS];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = warp_sum(v);
    __syncthreads();  // warp_totals may still be read from a previous call of block_sum
    if (lane == 0) warp_totals[warp] = v;
    __syncthreads();
    v = 0.0f;
    if (warp == 0) {
        if (lane < WARPS) v = warp_totals[lane];
        v = warp_sum(v);
    }
    return v;
}

__device__ __forceinline__ float dot8(uint4 a, uint4 b) {
    const __half2* ha = reinterpret_cast<const __half2*>(&a);
    const __half2* hb = reinterpret_cast<const __half2*>(&b);
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const float2 fa = __half22float2(ha[k]), fb = __half22float2(hb[k]);
        s += fa.x * fb.x + fa.y * fb.y;
    }
    return s;
}

__global__ void __launch_bounds__(THREADS) dot_best(const half* A, const half* B, half* result, int N) {
    const uint4* A8 = reinterpret_cast<const uint4*>(A);
    const uint4* B8 = reinterpret_cast<const uint4*>(B);
    const int n8 = N / 8;
    const int gid = blockIdx.x * THREADS + threadIdx.x;
    const int stride = gridDim.x * THREADS;

    float s[DEPTH];
#pragma unroll
    for (int d = 0; d < DEPTH; ++d) s[d] = 0.0f;
    int i = gid;
    for (; i + (DEPTH - 1) * stride < n8; i += DEPTH * stride) {
        uint4 a[DEPTH], b[DEPTH];
#pragma unroll
        for (int d = 0; d < DEPTH; ++d) {
            a[d] = A8[i + d * stride];
            b[d] = B8[i + d * stride];
        }
#pragma unroll
        for (int d = 0; d < DEPTH; ++d) s[d] += dot8(a[d], b[d]);
    }
    for (; i < n8; i += stride) s[0] += dot8(A8[i], B8[i]);
    const int tail = 8 * n8 + gid;  // the last N % 8 pairs
    if (tail < N) s[1] += __half2float(A[tail]) * __half2float(B[tail]);

    const float total = block_sum((s[0] + s[1]) + (s[2] + s[3]));

    __shared__ bool is_last;
    if (threadIdx.x == 0) {
        block_totals[blockIdx.x] = total;
        __threadfence();  // publish the slot before counting this block as done
        is_last = (atomicAdd(&blocks_done, 1u) == gridDim.x - 1);
    }
    __syncthreads();

    if (is_last) {
        __threadfence();
        float sum = 0.0f;
        for (int j = threadIdx.x; j < gridDim.x; j += THREADS) sum += __ldcg(&block_totals[j]);
        sum = block_sum(sum);
        if (threadIdx.x == 0) {
            result[0] = __float2half(sum);
            blocks_done = 0;
        }
    }
}

// No cudaDeviceSynchronize: the judge synchronises after the call.
extern "C" void solve(const half* A, const half* B, half* result, int N) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sms = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sms * (2048 / THREADS);
        if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
    }
    int blocks = (N / 8 + DEPTH * THREADS - 1) / (DEPTH * THREADS);
    if (blocks < 1) blocks = 1;  // small N: one block still handles everything
    if (blocks > max_blocks) blocks = max_blocks;
    dot_best<<<blocks, THREADS>>>(A, B, result, N);
}
