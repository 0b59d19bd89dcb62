// WRONG: applies the taps in reverse, weight[d, K - 1 - k] to x[l - k], as if weight[d, 0] were the
// oldest step (a plain cross-correlation of the unflipped kernel). The statement puts weight[d, 0]
// on the current step. Example 1: channel 0 gets 0.5 * x[l] + 1 * x[l - 1] (0.5, 2.5, ...) instead
// of x[l] + 0.5 * x[l - 1] (1, 3.5, ...).
#include <cuda_runtime.h>

__global__ void conv_naive(const float* x, const float* weight, const float* bias, float* output, int L, int D,
                           int K, long long n) {
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const int d = (int)(t % D);
    const long long row = t / D;  // b * L + l
    const int l = (int)(row % L);
    float acc = bias[d];
    for (int k = 0; k < K && k <= l; ++k) acc += weight[d * K + (K - 1 - k)] * x[(row - k) * D + d];  // Bug: taps reversed
    output[t] = acc;
}

extern "C" void solve(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D,
                      int K) {
    const long long n = (long long)B * L * D;
    const int threads = 256;
    conv_naive<<<(unsigned)((n + threads - 1) / threads), threads>>>(x, weight, bias, output, L, D, K, n);
}
