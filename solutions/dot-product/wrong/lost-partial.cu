// WRONG: each warp adds up its 32 products with shuffles, but only the first warp's total is
// added into result: the block-level step (combining the 8 warp totals) is missing, so the
// products held by threads 32-255 of every block are lost. Correct while N <= 32 (the examples),
// wrong from N = 33 on.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 1024

__global__ void dot_lost_partial(const float* A, const float* B, float* result, int N) {
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += gridDim.x * THREADS) sum += A[i] * B[i];
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
    // Bug: lane 0 of warp 0 holds only its warp's total; the other warps' totals are dropped.
    if (threadIdx.x == 0) atomicAdd(result, sum);
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    cudaMemset(result, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    dot_lost_partial<<<blocks, THREADS>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
