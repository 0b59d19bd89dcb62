// WRONG: meant to collect the block sums in a scratch array and add them up in a second kernel,
// but the scratch array is never allocated (the cudaMalloc is missing). Every block stores
// through a null pointer and the kernel faults: run-time error cudaErrorIllegalAddress.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void partial_sums_kernel(const float* input, float* partials, int N) {
    __shared__ float partial[THREADS];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < N) ? input[i] : 0.0f;
    __syncthreads();

    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) partials[blockIdx.x] = partial[0];
}

__global__ void final_sum_kernel(const float* partials, float* output, int count) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        float sum = 0.0f;
        for (int j = 0; j < count; ++j) sum += partials[j];
        output[0] = sum;
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    int blocks = (N + THREADS - 1) / THREADS;
    float* partials = nullptr;  // Bug: never allocated with cudaMalloc.
    partial_sums_kernel<<<blocks, THREADS>>>(input, partials, N);
    final_sum_kernel<<<1, 1>>>(partials, output, blocks);
    cudaDeviceSynchronize();
}
