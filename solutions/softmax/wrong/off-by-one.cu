// WRONG: the normalize kernel's bounds check is `i <= N`, so whenever the grid has a thread
// with i == N it writes output[N], one element past the end of the output buffer: run-time
// error, "wrote outside". (N = 3 in example 1 is enough.)
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
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= N) output[i] = expf(input[i] - global_max) / global_sum;  // Bug: <= instead of <.
}

extern "C" void solve(const float* input, float* output, int N) {
    int blocks = (N + THREADS) / THREADS;  // room for the (buggy) thread i == N
    init_kernel<<<1, 1>>>();
    max_kernel<<<blocks, THREADS>>>(input, N);
    sum_kernel<<<blocks, THREADS>>>(input, N);
    normalize_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
