// WRONG: never adds the bias. Example 1 has zero biases and passes; example 2 (bias 1) gets every
// output 1 too low.
#include <cuda_runtime.h>

__global__ void conv_naive(const float* x, const float* weight, const float* bias, float* output, int L, int D,
                           int K, long long n) {
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const int d = (int)(t % D);
    const long long row = t / D;  // b * L + l
    const int l = (int)(row % L);
    float acc = 0.0f;  // Bug: the bias is never added
    for (int k = 0; k < K && k <= l; ++k) acc += weight[d * K + k] * x[(row - k) * D + d];
    output[t] = acc;
}

extern "C" void solve(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D,
                      int K) {
    const long long n = (long long)B * L * D;
    const int threads = 256;
    conv_naive<<<(unsigned)((n + threads - 1) / threads), threads>>>(x, weight, bias, output, L, D, K, n);
}
