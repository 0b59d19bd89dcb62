// Two kernels: one thread per row finds the row's maximum and sum in one online pass and stores
// them; then one thread per element writes exp(x - max) / sum, fully coalesced and spread over
// the whole GPU. The output pass is now fast; the statistics pass is still a few thousand
// threads reading 32 rows per warp load.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define MAX_M 100000

__device__ float row_max[MAX_M];
__device__ float row_inv_sum[MAX_M];

__global__ void row_stats(const float* input, int M, int N) {
    const int row = blockIdx.x * THREADS + threadIdx.x;
    if (row >= M) return;
    const float* x = input + (size_t)row * N;
    // The running sum is a double: one thread adds up to 100,000 terms in a row, and a float sum
    // that long drifts about 1e-4 relative (over the 1e-5 tolerance; test long-rows-4x99999).
    float m = -INFINITY;
    double s = 0.0;
    for (int j = 0; j < N; ++j) {
        const float v = x[j];
        if (v > m) {
            s = s * expf(m - v) + 1.0;
            m = v;
        } else {
            s += expf(v - m);
        }
    }
    row_max[row] = m;
    row_inv_sum[row] = static_cast<float>(1.0 / s);
}

__global__ void normalize(const float* input, float* output, int total, int N) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i >= total) return;
    const int row = i / N;
    output[i] = expf(input[i] - row_max[row]) * row_inv_sum[row];
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    const int total = M * N;  // at most 100,000,000
    row_stats<<<(M + THREADS - 1) / THREADS, THREADS>>>(input, M, N);
    normalize<<<(total + THREADS - 1) / THREADS, THREADS>>>(input, output, total, N);
    cudaDeviceSynchronize();
}
