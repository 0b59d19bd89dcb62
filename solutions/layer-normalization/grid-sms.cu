// One 256-thread block per SM, a warp per row, the rows shared out grid-stride: three walks
// along each row (mean, variance, outputs) with warp-shuffle sums. Every SM works, but with 8
// warps each (an eighth of what an SM can hold) too few loads are in flight to cover the
// memory latency.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void layer_norm_grid_stride(const float* input, const float* weight, const float* bias, float* output,
                                       int N, int C, float eps) {
    const int lane = threadIdx.x % 32;
    for (int row = blockIdx.x * WARPS + threadIdx.x / 32; row < N; row += gridDim.x * WARPS) {
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
    static int sms = 0;
    if (sms == 0) {
        int device = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    }
    layer_norm_grid_stride<<<sms, THREADS>>>(input, weight, bias, output, N, C, eps);
    cudaDeviceSynchronize();
}
