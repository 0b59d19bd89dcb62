// One warp per (sample, group) run, one warp per block: lanes read every 32nd value (coalesced),
// three walks (mean, variance, outputs) with warp-shuffle sums. Better than a thread per run,
// but at the performance size that is only 256 warps for 64 MB, two per SM, each with a few
// hundred bytes in flight: latency-bound.
#include <cuda_runtime.h>

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void group_norm_warp(const float* X, const float* gamma, const float* beta, float* Y, int G,
                                int channels_per_group, int hw, float eps) {
    const int run = blockIdx.x;
    const int lane = threadIdx.x;
    const int length = channels_per_group * hw;
    const float* x = X + (size_t)run * length;
    float* y = Y + (size_t)run * length;
    float s = 0.0f;
    for (int i = lane; i < length; i += 32) s += x[i];
    const float mean = warp_sum(s) / length;
    float q = 0.0f;
    for (int i = lane; i < length; i += 32) {
        const float d = x[i] - mean;
        q += d * d;
    }
    const float rstd = rsqrtf(warp_sum(q) / length + eps);
    const int first_channel = (run % G) * channels_per_group;
    for (int i = lane; i < length; i += 32) {
        const int c = first_channel + i / hw;
        y[i] = (x[i] - mean) * rstd * gamma[c] + beta[c];
    }
}

extern "C" void solve(const float* X, const float* gamma, const float* beta, float* Y, int N, int C, int H, int W,
                      int G, float eps) {
    group_norm_warp<<<N * G, 32>>>(X, gamma, beta, Y, G, C / G, H * W, eps);
    cudaDeviceSynchronize();
}
