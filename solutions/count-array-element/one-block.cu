// One block does all the work: 1024 threads, a grid-stride loop, a shared-memory tree.
//
// With a single block there is nothing to combine across blocks: each of the 1024 threads counts
// every 1024th element in a register (four loads per trip, so a few are in flight), a tree in
// shared memory adds the 1024 counts, and thread 0 writes output[0] directly (no atomics, no
// memset). But one block runs on one SM of the GPU's hundred-odd, and one SM alone cannot pull
// 400 MB through at anything near the memory bandwidth: the slowest rung by far.
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void one_block_count(const int* input, int* output, int N, int K) {
    __shared__ int partial[THREADS];
    const int tid = threadIdx.x;
    int count = 0;
    int i = tid;
    for (; i + 3 * THREADS < N; i += 4 * THREADS) {
        count += (input[i] == K) + (input[i + THREADS] == K) + (input[i + 2 * THREADS] == K) +
                 (input[i + 3 * THREADS] == K);
    }
    for (; i < N; i += THREADS) count += (input[i] == K);
    partial[tid] = count;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) output[0] = partial[0];
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    one_block_count<<<1, THREADS>>>(input, output, N, K);
    cudaDeviceSynchronize();
}
