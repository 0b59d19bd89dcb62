// WRONG: reads predictions and targets as float4 and covers only the first N / 4 groups of
// four; the last N % 4 squared differences are never added (the mean of example 2, N = 3,
// comes out as 0).
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 1024

__global__ void mse_no_tail(const float* predictions, const float* targets, float* mse, int N) {
    __shared__ float warp_totals[WARPS];
    const float4* P4 = reinterpret_cast<const float4*>(predictions);
    const float4* T4 = reinterpret_cast<const float4*>(targets);
    const int n4 = N / 4;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < n4; i += gridDim.x * THREADS) {
        const float4 p = P4[i], t = T4[i];
        const float dx = p.x - t.x, dy = p.y - t.y, dz = p.z - t.z, dw = p.w - t.w;
        sum += (dx * dx + dy * dy) + (dz * dz + dw * dw);
    }
    // Bug: no loop over the last N % 4 elements.
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (lane == 0) warp_totals[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = (lane < WARPS) ? warp_totals[lane] : 0.0f;
        for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
        if (lane == 0) atomicAdd(mse, sum / N);
    }
}

extern "C" void solve(const float* predictions, const float* targets, float* mse, int N) {
    cudaMemset(mse, 0, sizeof(float));
    int blocks = (N / 4 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    mse_no_tail<<<blocks, THREADS>>>(predictions, targets, mse, N);
    cudaDeviceSynchronize();
}
