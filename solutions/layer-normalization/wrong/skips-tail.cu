// WRONG (never written): the statistics are right, but the outputs are stored as float4s over
// the first 4 * (C / 4) columns of each row, with no scalar loop for the last C % 4. Example 2
// has C = 3: no float4 fits, and no output of it is written.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void layer_norm_float4_out(const float* input, const float* weight, const float* bias, float* output,
                                      int N, int C, float eps) {
    const int row = blockIdx.x * WARPS + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= N) return;
    const float* x = input + (size_t)row * C;
    float s = 0.0f;
    for (int c = lane; c < C; c += 32) s += x[c];
    const float mean = warp_sum(s) / C;
    float q = 0.0f;
    for (int c = lane; c < C; c += 32) {
        const float d = x[c] - mean;
        q += d * d;
    }
    const float rstd = rsqrtf(warp_sum(q) / C + eps);
    float4* y4 = reinterpret_cast<float4*>(output + (size_t)row * C);
    for (int i = lane; i < C / 4; i += 32) {  // Bug: the last C % 4 columns are never stored
        const int c = 4 * i;
        y4[i] = make_float4((x[c] - mean) * rstd * weight[c] + bias[c],
                            (x[c + 1] - mean) * rstd * weight[c + 1] + bias[c + 1],
                            (x[c + 2] - mean) * rstd * weight[c + 2] + bias[c + 2],
                            (x[c + 3] - mean) * rstd * weight[c + 3] + bias[c + 3]);
    }
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int N, int C,
                      float eps) {
    layer_norm_float4_out<<<(N + WARPS - 1) / WARPS, THREADS>>>(input, weight, bias, output, N, C, eps);
    cudaDeviceSynchronize();
}
