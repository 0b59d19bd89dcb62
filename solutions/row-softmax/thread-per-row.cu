// One thread per row, three passes over its row (maximum, sum of exponentials, outputs), as a
// CPU loop would do it. With 4,096 rows that is 4,096 threads, 16 blocks: most SMs sit idle, and
// the 32 threads of a warp read 32 different rows, so every warp load touches 32 cache lines.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256

__global__ void row_softmax(const float* input, float* output, int M, int N) {
    const int row = blockIdx.x * THREADS + threadIdx.x;
    if (row >= M) return;
    const float* x = input + (size_t)row * N;
    float* y = output + (size_t)row * N;

    float m = x[0];
    for (int j = 1; j < N; ++j) m = fmaxf(m, x[j]);
    // The running sum is a double: one thread adds up to 100,000 terms in a row, and a float sum
    // that long drifts about 1e-4 relative (over the 1e-5 tolerance; test long-rows-4x99999).
    double s = 0.0;
    for (int j = 0; j < N; ++j) s += expf(x[j] - m);
    const float inv_sum = static_cast<float>(1.0 / s);
    for (int j = 0; j < N; ++j) y[j] = expf(x[j] - m) * inv_sum;
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    row_softmax<<<(M + THREADS - 1) / THREADS, THREADS>>>(input, output, M, N);
    cudaDeviceSynchronize();
}
