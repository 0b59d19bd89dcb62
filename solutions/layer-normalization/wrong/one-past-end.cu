// WRONG (writes outside): the output loop runs to c <= C, so every row also writes one element
// past its end. Inside the matrix that lands on the next row's first element (a race); the last
// row writes output[N * C], past the end of the buffer (example 1 already).
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void layer_norm_past_end(const float* input, const float* weight, const float* bias, float* output, int N,
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
    const float rstd = rsqrtf(warp_sum(q) / C + eps);
    for (int c = lane; c <= C; c += 32) {  // Bug: <= C
        const int w = c < C ? c : C - 1;  // keeps weight and bias reads inside their buffers
        y[c] = (x[c] - mean) * rstd * weight[w] + bias[w];
    }
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int N, int C,
                      float eps) {
    layer_norm_past_end<<<(N + WARPS - 1) / WARPS, THREADS>>>(input, weight, bias, output, N, C, eps);
    cudaDeviceSynchronize();
}
