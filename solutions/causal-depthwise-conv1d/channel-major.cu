// Channel-major threads: one thread per output, but numbered with the step l varying fastest, then
// the sequence b, then the channel d. Correct, and slow on purpose: x and output are channels-last
// (B, L, D), so neighbouring threads touch addresses D floats apart, and each warp's load or store
// needs 32 separate memory transactions instead of one.
#include <cuda_runtime.h>

__global__ void conv_channel_major(const float* x, const float* weight, const float* bias, float* output, int B,
                                   int L, int D, int K) {
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= (long long)B * L * D) return;
    const int l = (int)(t % L);
    const long long rest = t / L;
    const int b = (int)(rest % B);
    const int d = (int)(rest / B);
    float acc = bias[d];
    for (int k = 0; k < K && k <= l; ++k) acc += weight[d * K + k] * x[((long long)b * L + (l - k)) * D + d];
    output[((long long)b * L + l) * D + d] = acc;
}

extern "C" void solve(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D,
                      int K) {
    const long long n = (long long)B * L * D;
    const int threads = 256;
    conv_channel_major<<<(unsigned)((n + threads - 1) / threads), threads>>>(x, weight, bias, output, B, L, D, K);
}
