// WRONG: divides the sum of squared deviations by N - 1 (the unbiased sample variance) instead
// of N. Batch normalization uses the biased variance; with N = 4 (example 1) every output is
// sqrt(3/4) of the right one, and with N = 1 (example 3) the variance is 0 / 0 = NaN.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256

__global__ void batch_norm(const float* input, const float* gamma, const float* beta, float* output, int N, int C,
                           float eps) {
    const int c = blockIdx.x * THREADS + threadIdx.x;
    if (c >= C) return;

    double sum = 0.0;
    for (int n = 0; n < N; ++n) sum += input[n * C + c];
    const double mean = sum / N;
    double squares = 0.0;
    for (int n = 0; n < N; ++n) {
        const double d = input[n * C + c] - mean;
        squares += d * d;
    }
    const double var = squares / (N - 1);  // Bug: batch normalization divides by N.
    const float scale = gamma[c] / sqrtf((float)var + eps);
    for (int n = 0; n < N; ++n) output[n * C + c] = (input[n * C + c] - (float)mean) * scale + beta[c];
}

extern "C" void solve(const float* input, const float* gamma, const float* beta, float* output, int N, int C,
                      float eps) {
    batch_norm<<<(C + THREADS - 1) / THREADS, THREADS>>>(input, gamma, beta, output, N, C, eps);
    cudaDeviceSynchronize();
}
