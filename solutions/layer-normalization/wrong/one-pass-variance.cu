// WRONG (precision): a warp per row sums x and x * x in one walk and takes the variance as
// E[x^2] - mean^2, all in float. Right on the examples, but with row means near 99.5 and a
// spread of 0.29 (test offset-256x512) both terms are about 10,100 and their float rounding
// errors, about 1e-3, are over 1% of the variance (0.083): outputs off by ~1e-2.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void layer_norm_one_pass(const float* input, const float* weight, const float* bias, float* output, int N,
                                    int C, float eps) {
    const int row = blockIdx.x * WARPS + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= N) return;
    const float* x = input + (size_t)row * C;
    float* y = output + (size_t)row * C;
    float s = 0.0f, q = 0.0f;
    for (int c = lane; c < C; c += 32) {
        s += x[c];
        q += x[c] * x[c];
    }
    const float mean = warp_sum(s) / C;
    const float var = warp_sum(q) / C - mean * mean;  // Bug: catastrophic cancellation in float
    const float rstd = rsqrtf(var + eps);
    for (int c = lane; c < C; c += 32) y[c] = (x[c] - mean) * rstd * weight[c] + bias[c];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int N, int C,
                      float eps) {
    layer_norm_one_pass<<<(N + WARPS - 1) / WARPS, THREADS>>>(input, weight, bias, output, N, C, eps);
    cudaDeviceSynchronize();
}
