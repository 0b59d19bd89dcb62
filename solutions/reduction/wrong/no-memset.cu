// WRONG: accumulates into output[0] with atomicAdd but never zeroes it first.
// output holds the judge's poison pattern on entry, so the result is garbage (NaN or a huge
// value) plus the sum: wrong answer on the first test.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 4096

__global__ void block_sum_kernel(const float* input, float* output, int N) {
    __shared__ float partial[THREADS];
    int tid = threadIdx.x;

    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + tid; i < N; i += gridDim.x * blockDim.x) {
        sum += input[i];
    }
    partial[tid] = sum;
    __syncthreads();

    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const float* input, float* output, int N) {
    // Bug: missing cudaMemset(output, 0, sizeof(float)).
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    block_sum_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
