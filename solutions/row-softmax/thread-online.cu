// One thread per row, as in thread-per-row, but the maximum and the sum come from one pass (the
// online softmax): when a larger value arrives, the running sum is rescaled by exp(old - new).
// Two passes over the row instead of three, and two exponentials per element instead of
// three; still a few thousand threads reading 32 rows per warp load.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256

__global__ void row_softmax(const float* input, float* output, int M, int N) {
    const int row = blockIdx.x * THREADS + threadIdx.x;
    if (row >= M) return;
    const float* x = input + (size_t)row * N;
    float* y = output + (size_t)row * N;

    // The running sum is a double: one thread adds up to 100,000 terms in a row, and a float sum
    // that long drifts about 1e-4 relative (over the 1e-5 tolerance; test long-rows-4x99999).
    float m = -INFINITY;
    double s = 0.0;
    for (int j = 0; j < N; ++j) {
        const float v = x[j];
        if (v > m) {
            s = s * expf(m - v) + 1.0;  // exp(-inf) = 0 on the first element
            m = v;
        } else {
            s += expf(v - m);
        }
    }
    const float inv_sum = static_cast<float>(1.0 / s);
    for (int j = 0; j < N; ++j) y[j] = expf(x[j] - m) * inv_sum;
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    row_softmax<<<(M + THREADS - 1) / THREADS, THREADS>>>(input, output, M, N);
    cudaDeviceSynchronize();
}
