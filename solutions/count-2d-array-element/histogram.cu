// Accepted on LeetGPU, kept as a test: each block builds a shared-memory histogram of the values
// it reads, indexed by the value itself (101 bins, enough for the statement's 1 <= input[i] <= 100),
// and adds its bin K to the output. Right for every input the statement allows; a value outside
// [0, 100] (the negative or huge values this challenge's tests once held) indexes outside the
// histogram.
#include <cuda_runtime.h>

#define BINS 101
#define THREADS 256

__global__ void count_histogram(const int* input, int* output, long long total, int K) {
    __shared__ int hist[BINS];
    for (int b = threadIdx.x; b < BINS; b += THREADS) hist[b] = 0;
    __syncthreads();
    for (long long i = blockIdx.x * (long long)THREADS + threadIdx.x; i < total; i += (long long)gridDim.x * THREADS)
        atomicAdd(&hist[input[i]], 1);
    __syncthreads();
    if (threadIdx.x == 0 && hist[K] != 0) atomicAdd(output, hist[K]);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K) {
    cudaMemset(output, 0, sizeof(int));
    const long long total = (long long)N * M;
    long long blocks = (total + THREADS - 1) / THREADS;
    if (blocks > 1024) blocks = 1024;
    count_histogram<<<(int)blocks, THREADS>>>(input, output, total, K);
    cudaDeviceSynchronize();
}
