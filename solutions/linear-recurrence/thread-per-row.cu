// Thread per row: B threads, each runs its row's recurrence step by step, exactly as the statement
// writes it.
//
// Slow on purpose: only B threads work (256 at the ranking size: a few warps in all), each step
// waits for the previous one, and the 32 lanes of a warp read 32 different rows, L floats apart,
// so every load touches 32 separate cache lines.
#include <cuda_runtime.h>

__global__ void recurrence_rows(const float* a, const float* x, float* h, int B, int L) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= B) return;
    const size_t base = (size_t)row * L;
    float state = x[base];
    h[base] = state;
    for (int t = 1; t < L; ++t) {
        state = a[base + t] * state + x[base + t];
        h[base + t] = state;
    }
}

extern "C" void solve(const float* a, const float* x, float* h, int B, int L) {
    const int threads = 32;
    recurrence_rows<<<(B + threads - 1) / threads, threads>>>(a, x, h, B, L);
}
