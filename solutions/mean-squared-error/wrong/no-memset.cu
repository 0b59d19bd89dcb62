// WRONG: adds every block's total / N into mse with atomicAdd but never zeroes mse first.
// mse holds the judge's marker (a NaN) on entry, and NaN plus anything stays NaN: wrong answer
// on the first test. With mse zeroed beforehand (as LeetGPU's harness happens to do) it would
// pass, which is what the judge's diagnosis says.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 1024

__global__ void mse_atomic(const float* predictions, const float* targets, float* mse, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < N; i += gridDim.x * THREADS) {
        const float d = predictions[i] - targets[i];
        sum += d * d;
    }
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(mse, partial[0] / N);
}

extern "C" void solve(const float* predictions, const float* targets, float* mse, int N) {
    // Bug: missing cudaMemset(mse, 0, sizeof(float)).
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    mse_atomic<<<blocks, THREADS>>>(predictions, targets, mse, N);
    cudaDeviceSynchronize();
}
