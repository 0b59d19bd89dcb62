// Reduction, step 1: shared-memory tree per block, one atomicAdd per block.
//
// Each thread adds up a few elements (a grid-stride loop), the block combines its 256 values
// with a tree in shared memory (halving the active threads each step, a __syncthreads() between
// steps), and thread 0 adds the block's total into output[0] with atomicAdd. output[0] holds
// garbage on entry, so it is zeroed with cudaMemset first.
//
// The grid is capped at 4096 blocks: one block per 256 elements would mean up to ~400,000
// atomic additions into one float, which is slow and, for N near 10^8, adds enough rounding
// error to miss the 1e-5 tolerance. This is the baseline of the ladder: scalar loads and eight
// block-wide barriers per block.
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
    cudaMemset(output, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    block_sum_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
