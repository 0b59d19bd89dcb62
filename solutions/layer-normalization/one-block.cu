// One block of 1024 threads does every row: each of its 32 warps takes rows warp, warp + 32, ...
// and walks its row three times (mean, variance, outputs) with warp-shuffle sums. Coalesced and
// correct, but a single SM of the GPU's hundred-odd streams all 256 MB: the slowest rung.
#include <cuda_runtime.h>

#define THREADS 1024

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void layer_norm_one_block(const float* input, const float* weight, const float* bias, float* output,
                                     int N, int C, float eps) {
    const int lane = threadIdx.x % 32;
    for (int row = threadIdx.x / 32; row < N; row += THREADS / 32) {
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
        for (int c = lane; c < C; c += 32) y[c] = (x[c] - mean) * rstd * weight[c] + bias[c];
    }
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int N, int C,
                      float eps) {
    layer_norm_one_block<<<1, THREADS>>>(input, weight, bias, output, N, C, eps);
    cudaDeviceSynchronize();
}
