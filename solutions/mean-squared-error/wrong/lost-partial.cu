// WRONG: the shared-memory tree stops one step early (stride > 1 instead of stride > 0), so
// partial[1], which by then holds the squares of every odd-numbered thread, is never added into
// partial[0]. Half the data goes missing (example 1 already).
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 1024

__global__ void mse_lost_partial(const float* predictions, const float* targets, float* mse, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < N; i += gridDim.x * THREADS) {
        const float d = predictions[i] - targets[i];
        sum += d * d;
    }
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 1; stride /= 2) {  // Bug: misses the stride-1 step.
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(mse, partial[0] / N);
}

extern "C" void solve(const float* predictions, const float* targets, float* mse, int N) {
    cudaMemset(mse, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    mse_lost_partial<<<blocks, THREADS>>>(predictions, targets, mse, N);
    cudaDeviceSynchronize();
}
