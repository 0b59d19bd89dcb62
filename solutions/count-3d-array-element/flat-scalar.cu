// The array as one flat stretch of N * M * K integers, one entry per thread, counts combined per
// warp and per block before a single atomicAdd per block.
//
// The 3-D indices and their bounds go away (a count does not care where an entry sits), but
// every thread still loads one 4-byte int: 4 bytes in flight per thread, and 490,000 blocks of
// 256 threads, each sending one atomic to output[0] (zeroed first with cudaMemset).
#include <cuda_runtime.h>

#define THREADS 256

__global__ void count_flat_scalar(const int* input, int* output, int total, int P) {
    __shared__ int block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int c = (i < total && input[i] == P) ? 1 : 0;
    c = __reduce_add_sync(0xffffffffu, c);
    if (threadIdx.x % 32 == 0 && c != 0) atomicAdd(&block_count, c);
    __syncthreads();
    if (threadIdx.x == 0 && block_count != 0) atomicAdd(output, block_count);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    const int total = N * M * K;  // at most 10^9, fits in int
    cudaMemset(output, 0, sizeof(int));
    count_flat_scalar<<<(total + THREADS - 1) / THREADS, THREADS>>>(input, output, total, P);
    cudaDeviceSynchronize();
}
