// Register window: one thread per channel and tile of 8 consecutive steps. The thread keeps its K
// taps and a sliding window of the last K inputs in registers, loads each input of its tile once
// (plus K - 1 before it), and writes 8 outputs; neighbouring threads are neighbouring channels.
//
// Against the shared tile: no shared memory and no barrier, 8 outputs per thread for one load of
// the taps, and many independent loads in flight per thread.
#include <cuda_runtime.h>

#define MAX_K 8
#define TILE 8
#define THREADS 128

// Computes T consecutive steps [l0, l0 + T) of channel d: the K taps and the last K inputs live in
// registers, so each input is loaded once per thread and K - 1 more times at the tile's start.
template <int T>
__device__ __forceinline__ void conv_window(const float* __restrict__ xs, const float* __restrict__ weight,
                                            const float* __restrict__ bias, float* __restrict__ os, int d, int l0,
                                            int L, int D, int K) {
    // h[k] = x[l - k] once step l has shifted its input in, so before the first step h[k] holds
    // x[l0 - 1 - k]; taps past K have weight 0.
    float w[MAX_K], h[MAX_K];
#pragma unroll
    for (int k = 0; k < MAX_K; ++k) {
        w[k] = k < K ? weight[d * K + k] : 0.0f;
        h[k] = (k + 1 < K && l0 - 1 - k >= 0) ? xs[(long long)(l0 - 1 - k) * D] : 0.0f;
    }
    const float bd = bias[d];
#pragma unroll
    for (int t = 0; t < T; ++t) {
        const int l = l0 + t;
        if (l >= L) break;
#pragma unroll
        for (int k = MAX_K - 1; k > 0; --k) h[k] = h[k - 1];
        h[0] = xs[(long long)l * D];
        float acc = bd;
#pragma unroll
        for (int k = 0; k < MAX_K; ++k) acc += w[k] * h[k];
        os[(long long)l * D] = acc;
    }
}

__global__ void conv_register_window(const float* x, const float* weight, const float* bias, float* output, int L,
                                     int D, int K) {
    const int d = blockIdx.x * THREADS + threadIdx.x;
    if (d >= D) return;
    const long long base = (long long)blockIdx.z * L * D + d;
    conv_window<TILE>(x + base, weight, bias, output + base, d, blockIdx.y * TILE, L, D, K);
}

extern "C" void solve(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D,
                      int K) {
    const dim3 grid((D + THREADS - 1) / THREADS, (L + TILE - 1) / TILE, B);
    conv_register_window<<<grid, THREADS>>>(x, weight, bias, output, L, D, K);
}
