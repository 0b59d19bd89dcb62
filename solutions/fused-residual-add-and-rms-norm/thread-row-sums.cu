// Two kernels, the statistics one thread per row: the first kernel gives each row one thread,
// which adds up the squares of z = x + residual along its row and writes 1 / rms to a scratch
// array; the second kernel, one thread per element, writes the outputs, coalesced.
//
// The fix of thread-per-row's second walk only: the outputs are now written coalesced by the
// whole GPU (about two-kernels' second kernel, tens of microseconds), but the sums are still
// uncoalesced (a warp's load touches 32 rows C floats apart, 32 cache lines) and run on only
// N / 256 = 16 blocks: roughly half of thread-per-row's time, far slower than a block per row.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define MAX_ROWS 65536

__device__ float row_scale[MAX_ROWS];

__global__ void row_sums_thread_per_row(const float* x, const float* residual, int N, int C, float eps) {
    const int row = blockIdx.x * THREADS + threadIdx.x;
    if (row >= N) return;
    const float* xr = x + (size_t)row * C;
    const float* rr = residual + (size_t)row * C;
    float q = 0.0f;
    for (int c = 0; c < C; ++c) {
        const float z = xr[c] + rr[c];
        q += z * z;
    }
    row_scale[row] = 1.0f / sqrtf(q / C + eps);
}

__global__ void normalize(const float* x, const float* residual, const float* weight, float* out, size_t total, int C) {
    const size_t i = (size_t)blockIdx.x * THREADS + threadIdx.x;
    if (i < total) {
        const size_t row = i / C;
        const int c = (int)(i - row * C);
        out[i] = (x[i] + residual[i]) * row_scale[row] * weight[c];
    }
}

extern "C" void solve(const float* x, const float* residual, const float* weight, float* out, int N, int C, float eps) {
    const size_t total = (size_t)N * C;
    row_sums_thread_per_row<<<(N + THREADS - 1) / THREADS, THREADS>>>(x, residual, N, C, eps);
    normalize<<<(unsigned)((total + THREADS - 1) / THREADS), THREADS>>>(x, residual, weight, out, total, C);
    cudaDeviceSynchronize();
}
