// WRONG: stops at the start of the whole batch instead of the start of each sequence (k <= row
// instead of k <= l), so the first K - 1 steps of every sequence after the first add the previous
// sequence's last inputs where zeros belong. Example 1 (one sequence) passes; example 2's second
// sequence gets 1.5 and 1.375 instead of 0.5 and 1.0 at its first two steps.
#include <cuda_runtime.h>

__global__ void conv_naive(const float* x, const float* weight, const float* bias, float* output, int L, int D,
                           int K, long long n) {
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const int d = (int)(t % D);
    const long long row = t / D;  // b * L + l
    float acc = bias[d];
    // Bug: the padding test uses the flat row b * L + l instead of the step l.
    for (int k = 0; k < K && k <= row; ++k) acc += weight[d * K + k] * x[(row - k) * D + d];
    output[t] = acc;
}

extern "C" void solve(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D,
                      int K) {
    const long long n = (long long)B * L * D;
    const int threads = 256;
    conv_naive<<<(unsigned)((n + threads - 1) / threads), threads>>>(x, weight, bias, output, L, D, K, n);
}
