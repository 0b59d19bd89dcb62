// WRONG (formula): normalizes every channel with its own mean and variance, as instance
// normalization does, ignoring G. Right only when G = C; example 1 has groups of two channels.
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

// One block per (sample, channel).
__global__ void channel_norm(const float* X, const float* gamma, const float* beta, float* Y, int C, int hw,
                             float eps) {
    __shared__ float partial[THREADS];
    const int c = blockIdx.x % C;
    const float* x = X + (size_t)blockIdx.x * hw;
    float* y = Y + (size_t)blockIdx.x * hw;
    float s = 0.0f;
    for (int i = threadIdx.x; i < hw; i += THREADS) s += x[i];
    const float mean = block_sum(s, partial) / hw;
    float q = 0.0f;
    for (int i = threadIdx.x; i < hw; i += THREADS) {
        const float d = x[i] - mean;
        q += d * d;
    }
    const float rstd = rsqrtf(block_sum(q, partial) / hw + eps);  // Bug: statistics of one channel, not the group
    for (int i = threadIdx.x; i < hw; i += THREADS) y[i] = (x[i] - mean) * rstd * gamma[c] + beta[c];
}

extern "C" void solve(const float* X, const float* gamma, const float* beta, float* Y, int N, int C, int H, int W,
                      int G, float eps) {
    channel_norm<<<N * C, THREADS>>>(X, gamma, beta, Y, C, H * W, eps);
    cudaDeviceSynchronize();
}
