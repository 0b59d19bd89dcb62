// WRONG (RTE, cudaErrorIllegalAddress): a two-pass count whose scratch array was never
// allocated.
//
// The first kernel stores one count per depth slice into `partials` and the second adds them up
// into output[0]. The cudaMalloc for `partials` is missing, so it is a null pointer: the first
// block that stores its count faults and the launch fails with an illegal address.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void slice_counts(const int* input, int* partials, int slice, int P) {
    __shared__ int block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    const int* p = input + (size_t)blockIdx.x * slice;
    int c = 0;
    for (int i = threadIdx.x; i < slice; i += THREADS) c += (p[i] == P);
    atomicAdd(&block_count, c);
    __syncthreads();
    if (threadIdx.x == 0) partials[blockIdx.x] = block_count;
}

__global__ void sum_partials(const int* partials, int* output, int count) {
    int sum = 0;
    for (int j = 0; j < count; ++j) sum += partials[j];
    output[0] = sum;
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    int* partials = nullptr;  // Bug: never allocated with cudaMalloc.
    slice_counts<<<N, THREADS>>>(input, partials, M * K, P);
    sum_partials<<<1, 1>>>(partials, output, N);
    cudaDeviceSynchronize();
}
