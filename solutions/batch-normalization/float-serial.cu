// Accepted on LeetGPU, kept as a test: one thread per channel, two passes down its column with
// float accumulators (the mean, then the sum of squared deviations), then the outputs as
// gamma * ((x - mean) / sqrt(var + eps)) + beta. Float sums of up to 10,000 values stay well
// inside the tolerance for the statement's value ranges.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void batch_norm_serial(const float* input, const float* gamma, const float* beta, float* output, int N,
                                  int C, float eps) {
    const int c = blockIdx.x * THREADS + threadIdx.x;
    if (c >= C) return;
    float sum = 0.0f;
    for (int n = 0; n < N; ++n) sum += input[n * C + c];
    const float mean = sum / N;
    float squares = 0.0f;
    for (int n = 0; n < N; ++n) {
        const float d = input[n * C + c] - mean;
        squares += d * d;
    }
    const float std_dev = sqrtf(squares / N + eps);
    for (int n = 0; n < N; ++n) output[n * C + c] = gamma[c] * ((input[n * C + c] - mean) / std_dev) + beta[c];
}

extern "C" void solve(const float* input, const float* gamma, const float* beta, float* output, int N, int C,
                      float eps) {
    batch_norm_serial<<<(C + THREADS - 1) / THREADS, THREADS>>>(input, gamma, beta, output, N, C, eps);
    cudaDeviceSynchronize();
}
