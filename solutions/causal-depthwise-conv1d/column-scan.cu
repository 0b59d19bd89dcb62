// Column scan: one thread per (sequence, channel) walks the whole sequence, keeping the last K
// inputs and its K taps in registers, so x is read exactly once and coalesced (neighbouring threads
// are neighbouring channels).
//
// Slow because there is little parallelism: B * D = 32,768 threads at the performance size, about
// 8 warps per SM, each step of a thread's 2,048 waiting on its own load.
#include <cuda_runtime.h>

#define MAX_K 8

__global__ void conv_column_scan(const float* x, const float* weight, const float* bias, float* output, int B, int L,
                                 int D, int K) {
    const int d = blockIdx.x * blockDim.x + threadIdx.x;
    const int b = blockIdx.y;
    if (d >= D) return;
    float w[MAX_K], h[MAX_K];  // h[k] = x[b, l - k, d]; taps past K have weight 0
#pragma unroll
    for (int k = 0; k < MAX_K; ++k) {
        w[k] = k < K ? weight[d * K + k] : 0.0f;
        h[k] = 0.0f;
    }
    const float bd = bias[d];
    const float* xs = x + (long long)b * L * D + d;
    float* os = output + (long long)b * L * D + d;
    for (int l = 0; l < L; ++l) {
#pragma unroll
        for (int k = MAX_K - 1; k > 0; --k) h[k] = h[k - 1];
        h[0] = xs[(long long)l * D];
        float acc = bd;
#pragma unroll
        for (int k = 0; k < MAX_K; ++k) acc += w[k] * h[k];
        os[(long long)l * D] = acc;
    }
}

extern "C" void solve(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D,
                      int K) {
    const int threads = 128;
    conv_column_scan<<<dim3((D + threads - 1) / threads, B), threads>>>(x, weight, bias, output, B, L, D, K);
}
