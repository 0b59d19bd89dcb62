// Two passes: block partial sums into a scratch array, then one block adds them up.
//
// Pass 1 launches just enough 256-thread blocks to fill every SM (8 per SM); each thread adds up
// products in a grid-stride loop and each block combines its threads with a shared-memory tree,
// storing its total in partials[block]. Pass 2 is a single block that sums those ~1000 totals
// and writes result[0]. No atomics and no memset, and the result is the same on every run; the
// cost over a one-pass kernel is the second launch and a tree that still takes 8 barriers.
#include <cuda_runtime.h>

#define THREADS 256
#define FINAL_THREADS 1024
#define MAX_PARTIALS 4096

__device__ float partials[MAX_PARTIALS];

__global__ void dot_partials(const float* A, const float* B, int N) {
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
    if (tid == 0) partials[blockIdx.x] = partial[0];
}

__global__ void sum_partials(float* result, int count) {
    __shared__ float partial[FINAL_THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = tid; i < count; i += FINAL_THREADS) sum += partials[i];
    partial[tid] = sum;
    __syncthreads();
    for (int stride = FINAL_THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) result[0] = partial[0];
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sm_count = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sm_count * (2048 / THREADS);
        if (max_blocks > MAX_PARTIALS) max_blocks = MAX_PARTIALS;
    }
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > max_blocks) blocks = max_blocks;
    dot_partials<<<blocks, THREADS>>>(A, B, N);
    sum_partials<<<1, FINAL_THREADS>>>(result, blocks);
    cudaDeviceSynchronize();
}
