// WRONG (formula): divides the squared deviations by C - 1 (the sample variance) instead of C.
// Layer normalization uses the biased variance; example 1 (C = 4) gets outputs sqrt(3/4) of the
// right size.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void layer_norm_unbiased(const float* input, const float* weight, const float* bias, float* output, int N,
                                    int C, float eps) {
    const int row = blockIdx.x * WARPS + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= N) return;
    const float* x = input + (size_t)row * C;
    float* y = output + (size_t)row * C;
    float s = 0.0f;
    for (int c = lane; c < C; c += 32) s += x[c];
    const float mean = warp_sum(s) / C;
    float q = 0.0f;
    for (int c = lane; c < C; c += 32) {
        const float d = x[c] - mean;
        q += d * d;
    }
    const float var = C > 1 ? warp_sum(q) / (C - 1) : 0.0f;  // Bug: C - 1
    const float rstd = rsqrtf(var + eps);
    for (int c = lane; c < C; c += 32) y[c] = (x[c] - mean) * rstd * weight[c] + bias[c];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int N, int C,
                      float eps) {
    layer_norm_unbiased<<<(N + WARPS - 1) / WARPS, THREADS>>>(input, weight, bias, output, N, C, eps);
    cudaDeviceSynchronize();
}
