// WRONG: the normalize kernel works in float4s only and runs for the first N / 4 of them, so
// the last N % 4 outputs are never written (the sum of squares is right). Example 2 (N = 5)
// leaves output[4] untouched: wrong answer, "never written".
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
    const float4* in4 = reinterpret_cast<const float4*>(input);
    float4* out4 = reinterpret_cast<float4*>(output);
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N / 4; i += gridDim.x * THREADS) {
        float4 v = in4[i];
        v.x = v.x * scale + beta;
        v.y = v.y * scale + beta;
        v.z = v.z * scale + beta;
        v.w = v.w * scale + beta;
        out4[i] = v;
    }
    // Bug: no loop for the last N % 4 elements.
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N, float eps) {
    int blocks = (N + THREADS * 8 - 1) / (THREADS * 8);
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    sum_squares<<<blocks, THREADS>>>(input, N);
    normalize<<<blocks, THREADS>>>(input, gamma, beta, output, N, eps);
    cudaDeviceSynchronize();
}
