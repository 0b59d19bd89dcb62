// WRONG (indexing): the statistics are right, but gamma and beta are read at the group's index
// instead of each element's channel. Example 1: the second group (channels 2 and 3) gets
// gamma[1] = 1 and beta[1] = 0 instead of (2, -1) and (0.5, 1).
#include <cuda_runtime.h>

#define THREADS 256

__device__ float block_sum(float v, float* partial) {
    partial[threadIdx.x] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    const float total = partial[0];
    __syncthreads();
    return total;
}

__global__ void group_norm_block(const float* X, const float* gamma, const float* beta, float* Y, int G,
                                 int channels_per_group, int hw, float eps) {
    __shared__ float partial[THREADS];
    const int run = blockIdx.x;
    const int length = channels_per_group * hw;
    const float* x = X + (size_t)run * length;
    float* y = Y + (size_t)run * length;
    float s = 0.0f;
    for (int i = threadIdx.x; i < length; i += THREADS) s += x[i];
    const float mean = block_sum(s, partial) / length;
    float q = 0.0f;
    for (int i = threadIdx.x; i < length; i += THREADS) {
        const float d = x[i] - mean;
        q += d * d;
    }
    const float rstd = rsqrtf(block_sum(q, partial) / length + eps);
    const int g = run % G;  // Bug: gamma and beta belong to channels, not groups
    for (int i = threadIdx.x; i < length; i += THREADS) y[i] = (x[i] - mean) * rstd * gamma[g] + beta[g];
}

extern "C" void solve(const float* X, const float* gamma, const float* beta, float* Y, int N, int C, int H, int W,
                      int G, float eps) {
    group_norm_block<<<N * G, THREADS>>>(X, gamma, beta, Y, G, C / G, H * W, eps);
    cudaDeviceSynchronize();
}
