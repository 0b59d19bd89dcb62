// WRONG: the normalize kernel gives each thread four consecutive outputs and only runs for the
// first N / 4 groups, so the last N % 4 outputs are never written. The max and sum are right.
// Fails example 1 (N = 3: nothing is written at all): wrong answer, "never written".
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256

__device__ float global_max;
__device__ float global_sum;

__device__ void atomic_max_float(float* address, float value) {
    if (__float_as_int(value) >= 0) {
        atomicMax(reinterpret_cast<int*>(address), __float_as_int(value));
    } else {
        atomicMin(reinterpret_cast<unsigned int*>(address), __float_as_uint(value));
    }
}

__global__ void init_kernel() {
    global_max = -INFINITY;
    global_sum = 0.0f;
}

__global__ void max_kernel(const float* input, int N) {
    __shared__ float partial[THREADS];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < N) ? input[i] : -INFINITY;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] = fmaxf(partial[tid], partial[tid + stride]);
        __syncthreads();
    }
    if (tid == 0) atomic_max_float(&global_max, partial[0]);
}

__global__ void sum_kernel(const float* input, int N) {
    __shared__ float partial[THREADS];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    float m = global_max;
    partial[tid] = (i < N) ? expf(input[i] - m) : 0.0f;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(&global_sum, partial[0]);
}

__global__ void normalize_kernel(const float* input, float* output, int N) {
    int group = blockIdx.x * blockDim.x + threadIdx.x;
    if (group < N / 4) {  // Bug: the N % 4 leftover elements belong to no group.
        for (int k = 0; k < 4; ++k) {
            int i = 4 * group + k;
            output[i] = expf(input[i] - global_max) / global_sum;
        }
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    int blocks = (N + THREADS - 1) / THREADS;
    init_kernel<<<1, 1>>>();
    max_kernel<<<blocks, THREADS>>>(input, N);
    sum_kernel<<<blocks, THREADS>>>(input, N);
    int groups = N / 4;
    normalize_kernel<<<groups / THREADS + 1, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
