// WRONG: divides by sqrt(mean square) + eps instead of sqrt(mean square + eps). The two agree
// while the mean square is large next to eps (examples 1 and 2 pass), but in example 3 and
// tiny-values-5000 the mean square is below eps and the outputs come out about twice too large.
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
    const float total = block_sum(s);
    const float scale = gamma / (sqrtf(total / N) + eps);  // Bug: eps belongs inside the root.
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += gridDim.x * THREADS)
        output[i] = input[i] * scale + beta;
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N, float eps) {
    int blocks = (N + THREADS * 8 - 1) / (THREADS * 8);
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    sum_squares<<<blocks, THREADS>>>(input, N);
    normalize<<<blocks, THREADS>>>(input, gamma, beta, output, N, eps);
    cudaDeviceSynchronize();
}
