// WRONG: uses the input array as scratch space. The sum kernel stores exp(x - max) back into
// input, and the normalize kernel divides those values by the sum. The output is right, but
// input is an `in` buffer and must stay unchanged: wrong answer, "was modified".
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

__global__ void sum_kernel(float* input, int N) {
    __shared__ float partial[THREADS];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    float m = global_max;
    float e = 0.0f;
    if (i < N) {
        e = expf(input[i] - m);
        input[i] = e;  // Bug: writes into an input buffer.
    }
    partial[tid] = e;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(&global_sum, partial[0]);
}

__global__ void normalize_kernel(const float* input, float* output, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) output[i] = input[i] / global_sum;
}

extern "C" void solve(const float* input, float* output, int N) {
    int blocks = (N + THREADS - 1) / THREADS;
    init_kernel<<<1, 1>>>();
    max_kernel<<<blocks, THREADS>>>(input, N);
    sum_kernel<<<blocks, THREADS>>>(const_cast<float*>(input), N);
    normalize_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
