// float4 window, 32 steps per thread: as float4-window, but each thread slides over 32 consecutive
// steps instead of 8.
//
// The K - 1 inputs re-read at the start of each tile and the taps are now amortised over 32
// outputs instead of 8: fewer extra loads (a quarter), and a quarter as many threads repeating the
// setup.
#include <cuda_runtime.h>

#define MAX_K 8
#define TILE 32
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

// The float4 form of the window: four neighbouring channels d4 * 4 .. d4 * 4 + 3 (D % 4 == 0, so
// every row starts 16-byte aligned), one 16-byte load and store per step.
template <int T, bool STREAM>
__device__ __forceinline__ void conv_window4(const float4* __restrict__ xs, const float* __restrict__ weight,
                                             const float* __restrict__ bias, float4* __restrict__ os, int d4, int l0,
                                             int L, int D4, int K) {
    float4 w[MAX_K], h[MAX_K];
    const int d = 4 * d4;
#pragma unroll
    for (int k = 0; k < MAX_K; ++k) {
        w[k] = k < K ? make_float4(weight[d * K + k], weight[(d + 1) * K + k], weight[(d + 2) * K + k],
                                   weight[(d + 3) * K + k])
                     : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        h[k] = (k + 1 < K && l0 - 1 - k >= 0) ? xs[(long long)(l0 - 1 - k) * D4] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    }
    const float4 bd = reinterpret_cast<const float4*>(bias)[d4];
#pragma unroll
    for (int t = 0; t < T; ++t) {
        const int l = l0 + t;
        if (l >= L) break;
#pragma unroll
        for (int k = MAX_K - 1; k > 0; --k) h[k] = h[k - 1];
        h[0] = STREAM ? __ldcs(&xs[(long long)l * D4]) : xs[(long long)l * D4];
        float4 acc = bd;
#pragma unroll
        for (int k = 0; k < MAX_K; ++k) {
            acc.x += w[k].x * h[k].x;
            acc.y += w[k].y * h[k].y;
            acc.z += w[k].z * h[k].z;
            acc.w += w[k].w * h[k].w;
        }
        if (STREAM)
            __stcs(&os[(long long)l * D4], acc);
        else
            os[(long long)l * D4] = acc;
    }
}

__global__ void conv_t32_scalar(const float* x, const float* weight, const float* bias, float* output, int L, int D,
                                   int K) {
    const int d = blockIdx.x * THREADS + threadIdx.x;
    if (d >= D) return;
    const long long base = (long long)blockIdx.z * L * D + d;
    conv_window<TILE>(x + base, weight, bias, output + base, d, blockIdx.y * TILE, L, D, K);
}

__global__ void __launch_bounds__(THREADS) conv_t32_vec4(const float* x, const float* weight, const float* bias,
                                                            float* output, int L, int D, int K) {
    const int D4 = D / 4;
    const int d4 = blockIdx.x * THREADS + threadIdx.x;
    if (d4 >= D4) return;
    const long long base = (long long)blockIdx.z * L * D4 + d4;
    conv_window4<TILE, false>(reinterpret_cast<const float4*>(x) + base, weight, bias,
                                 reinterpret_cast<float4*>(output) + base, d4, blockIdx.y * TILE, L, D4, K);
}

extern "C" void solve(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D,
                      int K) {
    if (D % 4 == 0) {
        const dim3 grid((D / 4 + THREADS - 1) / THREADS, (L + TILE - 1) / TILE, B);
        conv_t32_vec4<<<grid, THREADS>>>(x, weight, bias, output, L, D, K);
    } else {  // rows not 16-byte aligned: one channel per thread
        const dim3 grid((D + THREADS - 1) / THREADS, (L + TILE - 1) / TILE, B);
        conv_t32_scalar<<<grid, THREADS>>>(x, weight, bias, output, L, D, K);
    }
}
