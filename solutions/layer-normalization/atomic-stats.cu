// One thread per element and atomics: every element adds itself and its square to its row's two
// sums with atomicAdd in double (one pass; in double the difference E[x^2] - mean^2 keeps its
// precision), a small kernel turns the sums into mean and 1/std per row, and a third kernel
// writes the outputs. Coalesced, but 67 million atomics queue at the L2's atomic units, 1024
// of them on each row's two addresses.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define MAX_ROWS 1048576

__device__ double row_sums[2 * MAX_ROWS];
__device__ float2 row_stats[MAX_ROWS];

__global__ void add_values(const float* input, int total, int C) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const double x = input[i];
        const int row = i / C;
        atomicAdd(&row_sums[2 * row], x);
        atomicAdd(&row_sums[2 * row + 1], x * x);
    }
}

__global__ void finish_stats(int N, int C, float eps) {
    const int row = blockIdx.x * THREADS + threadIdx.x;
    if (row < N) {
        const double mean = row_sums[2 * row] / C;
        double var = row_sums[2 * row + 1] / C - mean * mean;
        if (var < 0.0) var = 0.0;
        row_stats[row] = make_float2((float)mean, (float)(1.0 / sqrt(var + eps)));
    }
}

__global__ void normalize(const float* input, const float* weight, const float* bias, float* output, int total,
                          int C) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const int row = i / C;
        const int c = i - row * C;
        const float2 s = row_stats[row];
        output[i] = (input[i] - s.x) * s.y * weight[c] + bias[c];
    }
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int N, int C,
                      float eps) {
    static double* sums = nullptr;
    if (sums == nullptr) cudaGetSymbolAddress(reinterpret_cast<void**>(&sums), row_sums);
    cudaMemsetAsync(sums, 0, 2 * (size_t)N * sizeof(double));
    const int total = N * C;
    const int blocks = (total + THREADS - 1) / THREADS;
    add_values<<<blocks, THREADS>>>(input, total, C);
    finish_stats<<<(N + THREADS - 1) / THREADS, THREADS>>>(N, C, eps);
    normalize<<<blocks, THREADS>>>(input, weight, bias, output, total, C);
    cudaDeviceSynchronize();
}
