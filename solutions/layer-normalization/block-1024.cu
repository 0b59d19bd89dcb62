// One block of 1024 threads per row, shared-memory trees for the two sums. At C = 512 half the
// threads have no element, every sum climbs a ten-level tree with a __syncthreads() per level,
// and only two rows fit on an SM at a time, so few loads are in flight: much slower than the
// same kernel with 256 threads (block-per-row).
#include <cuda_runtime.h>

#define THREADS 1024

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

__global__ void layer_norm_block(const float* input, const float* weight, const float* bias, float* output, int C,
                                 float eps) {
    __shared__ float partial[THREADS];
    const float* x = input + (size_t)blockIdx.x * C;
    float* y = output + (size_t)blockIdx.x * C;
    float s = 0.0f;
    for (int c = threadIdx.x; c < C; c += THREADS) s += x[c];
    const float mean = block_sum(s, partial) / C;
    float q = 0.0f;
    for (int c = threadIdx.x; c < C; c += THREADS) {
        const float d = x[c] - mean;
        q += d * d;
    }
    const float rstd = rsqrtf(block_sum(q, partial) / C + eps);
    for (int c = threadIdx.x; c < C; c += THREADS) y[c] = (x[c] - mean) * rstd * weight[c] + bias[c];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int N, int C,
                      float eps) {
    layer_norm_block<<<N, THREADS>>>(input, weight, bias, output, C, eps);
    cudaDeviceSynchronize();
}
