// block-per-group.cu with eps written as the constant 1e-5f instead of the eps argument: the
// statement fixes eps = 1e-5, and this file relies on it. Right for every input the statement
// allows; an earlier test used eps = 0.1 and judged this file wrong. One 256-thread block per
// (sample, group) run, shared-memory trees for the mean and the squared deviations.
#include <cuda_runtime.h>

#define THREADS 256

// The sum of v over the block; every thread gets it.
__device__ float block_sum(float v, float* partial) {
    partial[threadIdx.x] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    const float total = partial[0];
    __syncthreads();  // everyone has read partial[0] before the next sum overwrites it
    return total;
}

__global__ void group_norm_block(const float* X, const float* gamma, const float* beta, float* Y, int G,
                                 int channels_per_group, int hw) {
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
    const float rstd = rsqrtf(block_sum(q, partial) / length + 1e-5f);
    const int first_channel = (run % G) * channels_per_group;
    for (int i = threadIdx.x; i < length; i += THREADS) {
        const int c = first_channel + i / hw;
        y[i] = (x[i] - mean) * rstd * gamma[c] + beta[c];
    }
}

extern "C" void solve(const float* X, const float* gamma, const float* beta, float* Y, int N, int C, int H, int W,
                      int G, float eps) {
    (void)eps;  // the statement fixes eps = 1e-5
    group_norm_block<<<N * G, THREADS>>>(X, gamma, beta, Y, G, C / G, H * W);
    cudaDeviceSynchronize();
}
