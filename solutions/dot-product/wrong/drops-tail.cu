// WRONG: reads A and B as float4 and covers only the first N / 4 groups of four; the last
// N % 4 products are never added. Wrong whenever N is not a multiple of 4 (example 2, N = 5).
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 1024

__global__ void dot_no_tail(const float* A, const float* B, float* result, int N) {
    __shared__ float warp_totals[WARPS];
    const float4* A4 = reinterpret_cast<const float4*>(A);
    const float4* B4 = reinterpret_cast<const float4*>(B);
    const int n4 = N / 4;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n4; i += gridDim.x * THREADS) {
        const float4 a = A4[i], b = B4[i];
        sum += (a.x * b.x + a.y * b.y) + (a.z * b.z + a.w * b.w);
    }
    // Bug: no loop over the last N % 4 elements.
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (lane == 0) warp_totals[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = (lane < WARPS) ? warp_totals[lane] : 0.0f;
        for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
        if (lane == 0) atomicAdd(result, sum);
    }
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    cudaMemset(result, 0, sizeof(float));
    int blocks = (N / 4 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    dot_no_tail<<<blocks, THREADS>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
