// The textbook block reduction: one entry per thread, a tree in shared memory, one atomicAdd per
// block.
//
// Blocks of 256 threads each load one entry of input[S..E] (0 past E) into shared memory and
// halve the active threads eight times (sequential addressing, a __syncthreads after each step);
// thread 0 adds the block's sum into output[0], zeroed first with cudaMemset. Only 4 bytes per
// thread are in flight and every block pays eight barriers for 256 entries; 390,000 blocks, and
// as many atomics on output[0].
#include <cuda_runtime.h>

#define THREADS 256

__global__ void shared_tree_sum(const int* input, int* output, int S, int E) {
    __shared__ int partial[THREADS];
    const int tid = threadIdx.x;
    const int i = S + blockIdx.x * THREADS + tid;
    partial[tid] = (i <= E) ? input[i] : 0;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    const int count = E - S + 1;
    const int blocks = (count + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    shared_tree_sum<<<blocks, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
