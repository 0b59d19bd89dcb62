// WRONG: computes the sum of the squared differences correctly but never divides by N, so mse
// holds N times the mean (1.0 instead of 0.25 in example 1). Correct only when N = 1.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 1024

__global__ void sum_squares(const float* predictions, const float* targets, float* mse, int N) {
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
    if (tid == 0) atomicAdd(mse, partial[0]);  // Bug: the sum, not the mean.
}

extern "C" void solve(const float* predictions, const float* targets, float* mse, int N) {
    cudaMemset(mse, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    sum_squares<<<blocks, THREADS>>>(predictions, targets, mse, N);
    cudaDeviceSynchronize();
}
