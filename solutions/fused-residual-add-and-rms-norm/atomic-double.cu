// One thread per element and atomics: every element adds z^2 (z = x + residual) to its row's
// sum with atomicAdd in double, a small kernel turns each sum into 1 / rms, and a third kernel,
// one thread per element again, reads x and residual a second time to write the outputs.
// Coalesced, but 16 million atomics queue at the L2's atomic units, 4,096 on each row's
// address, and the inputs are read from memory twice.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define MAX_ROWS 65536

__device__ double row_sums[MAX_ROWS];
__device__ float row_scale[MAX_ROWS];

__global__ void add_squares(const float* x, const float* residual, size_t total, int C) {
    const size_t i = (size_t)blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const float z = x[i] + residual[i];
        atomicAdd(&row_sums[i / C], (double)z * z);
    }
}

__global__ void finish_rows(int N, int C, float eps) {
    const int row = blockIdx.x * THREADS + threadIdx.x;
    if (row < N) row_scale[row] = (float)(1.0 / sqrt(row_sums[row] / C + eps));
}

__global__ void normalize(const float* x, const float* residual, const float* weight, float* out, size_t total,
                          int C) {
    const size_t i = (size_t)blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const size_t row = i / C;
        const int c = (int)(i - row * C);
        out[i] = (x[i] + residual[i]) * row_scale[row] * weight[c];
    }
}

extern "C" void solve(const float* x, const float* residual, const float* weight, float* out, int N, int C,
                      float eps) {
    static double* sums = nullptr;
    if (sums == nullptr) cudaGetSymbolAddress(reinterpret_cast<void**>(&sums), row_sums);
    cudaMemsetAsync(sums, 0, (size_t)N * sizeof(double));
    const size_t total = (size_t)N * C;
    const unsigned blocks = (unsigned)((total + THREADS - 1) / THREADS);
    add_squares<<<blocks, THREADS>>>(x, residual, total, C);
    finish_rows<<<(N + THREADS - 1) / THREADS, THREADS>>>(N, C, eps);
    normalize<<<blocks, THREADS>>>(x, residual, weight, out, total, C);
    cudaDeviceSynchronize();
}
