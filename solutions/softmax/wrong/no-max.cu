// WRONG: computes exp(x) / sum exp(x) without subtracting the maximum first. Mathematically the
// same, but expf overflows to infinity for x above about 88.7, and inf / inf = NaN: wrong answer
// on example 2 (inputs near 1000).
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256

__device__ float global_sum;

__global__ void init_kernel() { global_sum = 0.0f; }

__global__ void sum_kernel(const float* input, int N) {
    __shared__ float partial[THREADS];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < N) ? expf(input[i]) : 0.0f;  // Bug: no max subtraction.
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(&global_sum, partial[0]);
}

__global__ void normalize_kernel(const float* input, float* output, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) output[i] = expf(input[i]) / global_sum;
}

extern "C" void solve(const float* input, float* output, int N) {
    int blocks = (N + THREADS - 1) / THREADS;
    init_kernel<<<1, 1>>>();
    sum_kernel<<<blocks, THREADS>>>(input, N);
    normalize_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
