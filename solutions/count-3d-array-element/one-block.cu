// One block does all the work: 1024 threads walk the array as one flat stretch of N * M * K
// integers.
//
// A count does not care where an entry sits, so a single block scans the entries in memory
// order: each thread counts every 1024th entry in a register (four loads per trip), a
// shared-memory tree adds the 1024 counts and thread 0 writes output[0] (no atomics, no memset).
// One block runs on one SM of the GPU's hundred-odd, and one SM cannot pull 500 MB through at
// anything near the memory bandwidth: the slowest rung by far.
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void one_block_count(const int* input, int* output, int total, int P) {
    __shared__ int partial[THREADS];
    const int tid = threadIdx.x;
    int count = 0;
    int i = tid;
    for (; i + 3 * THREADS < total; i += 4 * THREADS)
        count += (input[i] == P) + (input[i + THREADS] == P) + (input[i + 2 * THREADS] == P) +
                 (input[i + 3 * THREADS] == P);
    for (; i < total; i += THREADS) count += (input[i] == P);
    partial[tid] = count;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) output[0] = partial[0];
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    const int total = N * M * K;  // at most 10^9, fits in int
    one_block_count<<<1, THREADS>>>(input, output, total, P);
    cudaDeviceSynchronize();
}
