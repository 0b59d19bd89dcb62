// WRONG: adds every block's total into result with atomicAdd but never zeroes result first.
// result holds the judge's marker (a NaN) on entry, and NaN plus anything stays NaN: wrong
// answer on the first test. With result zeroed beforehand (as LeetGPU's harness happens to do)
// it would pass, which is what the judge's diagnosis says.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 1024

__global__ void dot_atomic(const float* A, const float* B, float* result, int N) {
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
    if (tid == 0) atomicAdd(result, partial[0]);
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    // Bug: missing cudaMemset(result, 0, sizeof(float)).
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    dot_atomic<<<blocks, THREADS>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
