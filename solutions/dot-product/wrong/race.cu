// WRONG: zeroes result, but each block adds its total with a plain read-modify-write
// (*result += total) instead of atomicAdd. Blocks that finish at the same time read the same old
// value and overwrite each other's additions, so partial sums are lost once there are many
// blocks (the many-blocks test has a thousand).
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 1024

__global__ void dot_race(const float* A, const float* B, float* result, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < N; i += gridDim.x * THREADS) sum += A[i] * B[i];
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) *result += partial[0];  // Bug: not atomic.
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    cudaMemset(result, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    dot_race<<<blocks, THREADS>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
