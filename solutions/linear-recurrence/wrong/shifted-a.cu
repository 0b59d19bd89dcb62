// WRONG: multiplies h[t-1] by a[t-1] instead of a[t], as if a[t] described the step out of t rather
// than into it. Example 1: h[1] = 0.5 * 1 + 2 happens to agree (a[0] = a[1]), but
// h[2] = 0.5 * 2.5 - 4 = -2.75 instead of 0.25 * 2.5 - 4 = -3.375.
#include <cuda_runtime.h>

__global__ void recurrence_rows(const float* a, const float* x, float* h, int B, int L) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= B) return;
    const size_t base = (size_t)row * L;
    float state = x[base];
    h[base] = state;
    for (int t = 1; t < L; ++t) {
        state = a[base + t - 1] * state + x[base + t];  // Bug: the previous step's a
        h[base + t] = state;
    }
}

extern "C" void solve(const float* a, const float* x, float* h, int B, int L) {
    const int threads = 32;
    recurrence_rows<<<(B + threads - 1) / threads, threads>>>(a, x, h, B, L);
}
