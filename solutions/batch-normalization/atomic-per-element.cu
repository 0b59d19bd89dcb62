// One thread per element and atomics: every element adds itself to its channel's sum with
// atomicAdd (in double), a second kernel adds the squared deviations the same way, and a third
// writes the outputs. Coalesced and fully parallel, but 51 million atomic updates go through
// the L2 cache's atomic units, a few thousand of them to each channel's address.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define MAX_C 100000

__device__ double channel_sum[MAX_C];
__device__ double channel_squares[MAX_C];

__global__ void add_values(const float* input, int total, int C) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < total) atomicAdd(&channel_sum[i % C], (double)input[i]);
}

__global__ void add_squares(const float* input, int total, int C, double inv_n) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const int c = i % C;
        const double d = input[i] - channel_sum[c] * inv_n;
        atomicAdd(&channel_squares[c], d * d);
    }
}

__global__ void normalize(const float* input, const float* gamma, const float* beta, float* output, int total,
                          int C, double inv_n, float eps) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const int c = i % C;
        const float mean = (float)(channel_sum[c] * inv_n);
        const float scale = gamma[c] / sqrtf((float)(channel_squares[c] * inv_n) + eps);
        output[i] = (input[i] - mean) * scale + beta[c];
    }
}

extern "C" void solve(const float* input, const float* gamma, const float* beta, float* output, int N, int C,
                      float eps) {
    static double* sums = nullptr;
    static double* squares = nullptr;
    if (sums == nullptr) {
        cudaGetSymbolAddress(reinterpret_cast<void**>(&sums), channel_sum);
        cudaGetSymbolAddress(reinterpret_cast<void**>(&squares), channel_squares);
    }
    cudaMemsetAsync(sums, 0, C * sizeof(double));
    cudaMemsetAsync(squares, 0, C * sizeof(double));
    const int total = N * C;
    const int blocks = (total + THREADS - 1) / THREADS;
    const double inv_n = 1.0 / N;
    add_values<<<blocks, THREADS>>>(input, total, C);
    add_squares<<<blocks, THREADS>>>(input, total, C, inv_n);
    normalize<<<blocks, THREADS>>>(input, gamma, beta, output, total, C, inv_n, eps);
    cudaDeviceSynchronize();
}
