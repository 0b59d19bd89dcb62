// WRONG: the normalize kernel's bounds check is i <= N, so the thread with i == N writes
// output[N], one element past the end: a run-time error ("wrote outside") on example 1 already.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define MAX_BLOCKS 1024

__device__ float block_sums[MAX_BLOCKS];

__device__ float block_sum(float v) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    partial[tid] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    const float total = partial[0];
    __syncthreads();
    return total;
}

__global__ void sum_squares(const float* input, int N) {
    float s = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += gridDim.x * THREADS) s += input[i] * input[i];
    s = block_sum(s);
    if (threadIdx.x == 0) block_sums[blockIdx.x] = s;
}

__global__ void normalize(const float* input, float gamma, float beta, float* output, int N, float eps) {
    float s = 0.0f;
    for (int j = threadIdx.x; j < gridDim.x; j += THREADS) s += block_sums[j];
    const float scale = gamma / sqrtf(block_sum(s) / N + eps);
    for (int i = blockIdx.x * THREADS + threadIdx.x; i <= N; i += gridDim.x * THREADS)  // Bug: i <= N.
        output[i] = input[i] * scale + beta;
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N, float eps) {
    int blocks = (N + THREADS * 8 - 1) / (THREADS * 8);
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    sum_squares<<<blocks, THREADS>>>(input, N);
    normalize<<<blocks, THREADS>>>(input, gamma, beta, output, N, eps);
    cudaDeviceSynchronize();
}
