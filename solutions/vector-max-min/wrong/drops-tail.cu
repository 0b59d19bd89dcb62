// WRONG: reads the input as float4 and covers only the first N / 4 groups of four; the last
// N % 4 elements are never looked at. Wrong whenever one of them is the maximum or the minimum
// (example 1: the minimum -8.5 is element 4 of 5).
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void max_min_no_tail(const float* input, float* partial_max, float* partial_min, int N) {
    __shared__ float warp_max[WARPS];
    __shared__ float warp_min[WARPS];
    const float4* in4 = reinterpret_cast<const float4*>(input);
    const int n4 = N / 4;
    float hi = -INFINITY, lo = INFINITY;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n4; i += gridDim.x * THREADS) {
        const float4 v = in4[i];
        hi = fmaxf(hi, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
        lo = fminf(lo, fminf(fminf(v.x, v.y), fminf(v.z, v.w)));
    }
    // Bug: no loop over the last N % 4 elements.
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int offset = 16; offset > 0; offset /= 2) {
        hi = fmaxf(hi, __shfl_down_sync(0xffffffffu, hi, offset));
        lo = fminf(lo, __shfl_down_sync(0xffffffffu, lo, offset));
    }
    if (lane == 0) {
        warp_max[warp] = hi;
        warp_min[warp] = lo;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int w = 1; w < WARPS; ++w) {
            hi = fmaxf(hi, warp_max[w]);
            lo = fminf(lo, warp_min[w]);
        }
        partial_max[blockIdx.x] = hi;
        partial_min[blockIdx.x] = lo;
    }
}

// One thread combines the block results (at most 1024 of them).
__global__ void combine(const float* partial_max, const float* partial_min, int count, float* result) {
    float hi = -INFINITY, lo = INFINITY;
    for (int b = 0; b < count; ++b) {
        hi = fmaxf(hi, partial_max[b]);
        lo = fminf(lo, partial_min[b]);
    }
    result[0] = hi;
    result[1] = lo;
}

__device__ float block_maxima[1024];
__device__ float block_minima[1024];

extern "C" void solve(const float* input, float* result, int N) {
    float* maxima = nullptr;
    float* minima = nullptr;
    cudaGetSymbolAddress(reinterpret_cast<void**>(&maxima), block_maxima);
    cudaGetSymbolAddress(reinterpret_cast<void**>(&minima), block_minima);
    int blocks = (N / 4 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > 1024) blocks = 1024;
    max_min_no_tail<<<blocks, THREADS>>>(input, maxima, minima, N);
    combine<<<1, 1>>>(maxima, minima, blocks, result);
    cudaDeviceSynchronize();
}
