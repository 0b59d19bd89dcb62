// WRONG: blocks wait for a "ready" flag that nothing ever sets. The flag is read through a
// volatile pointer, so the compiler must keep re-reading it and cannot remove the loop; the
// kernel never finishes: time limit exceeded.
#include <cuda_runtime.h>

#define THREADS 256

__device__ int ready_flag = 0;

__global__ void waiting_sum_kernel(const float* input, float* output, int N) {
    __shared__ float partial[THREADS];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < N) ? input[i] : 0.0f;
    __syncthreads();

    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) {
        volatile int* flag = &ready_flag;
        while (*flag == 0) {
            // Bug: waits for a signal that is never sent.
        }
        atomicAdd(output, partial[0]);
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    cudaMemset(output, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    waiting_sum_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
