// One thread per element and atomics: every element adds itself and its square to its run's
// two sums with atomicAdd in double, a small kernel turns the sums into mean and 1/std, and a
// third kernel writes the outputs. Coalesced and fully parallel, but at the performance size
// 33 million atomics land on 512 addresses, 65,536 on each, and queue at the L2's atomic units.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define MAX_RUNS (1024 * 1024)

__device__ double run_sums[2 * MAX_RUNS];
__device__ float2 run_stats[MAX_RUNS];

__global__ void add_values(const float* X, int total, int length) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const double v = X[i];
        const int run = i / length;
        atomicAdd(&run_sums[2 * run], v);
        atomicAdd(&run_sums[2 * run + 1], v * v);
    }
}

__global__ void finish_stats(int runs, int length, float eps) {
    const int run = blockIdx.x * THREADS + threadIdx.x;
    if (run < runs) {
        const double mean = run_sums[2 * run] / length;
        double var = run_sums[2 * run + 1] / length - mean * mean;
        if (var < 0.0) var = 0.0;
        run_stats[run] = make_float2((float)mean, (float)(1.0 / sqrt(var + eps)));
    }
}

__global__ void normalize(const float* X, const float* gamma, const float* beta, float* Y, int total, int length,
                          int hw, int C) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const float2 s = run_stats[i / length];
        const int c = (i / hw) % C;
        Y[i] = (X[i] - s.x) * s.y * gamma[c] + beta[c];
    }
}

extern "C" void solve(const float* X, const float* gamma, const float* beta, float* Y, int N, int C, int H, int W,
                      int G, float eps) {
    static double* sums = nullptr;
    if (sums == nullptr) cudaGetSymbolAddress(reinterpret_cast<void**>(&sums), run_sums);
    const int runs = N * G;
    const int hw = H * W;
    const int length = (C / G) * hw;
    const int total = N * C * hw;
    cudaMemsetAsync(sums, 0, 2 * (size_t)runs * sizeof(double));
    const int blocks = (total + THREADS - 1) / THREADS;
    add_values<<<blocks, THREADS>>>(X, total, length);
    finish_stats<<<(runs + THREADS - 1) / THREADS, THREADS>>>(runs, length, eps);
    normalize<<<blocks, THREADS>>>(X, gamma, beta, Y, total, length, hw, C);
    cudaDeviceSynchronize();
}
