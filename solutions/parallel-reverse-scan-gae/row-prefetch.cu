// Thread per row, prefetched: still one thread per row walking backwards, but it loads the next
// 16 steps of r and v (towards the start of the row) into registers before running them, so 32
// independent loads are in flight instead of one pair at a time; only the multiply-adds stay
// serial.
//
// Same parallelism as thread-per-row, much less waiting on memory per step.
#include <cuda_runtime.h>

#define AHEAD 16

__global__ void gae_rows_prefetch(const float* rewards, const float* values, float* advantages, float gamma, float c,
                                  int B, int S) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= B) return;
    const size_t base = (size_t)row * S;
    float next_value = 0.0f, adv = 0.0f;  // v[S] = 0 and A[S] = 0
    for (int t1 = S - 1; t1 >= 0; t1 -= AHEAD) {  // steps t1, t1 - 1, ..., t1 - AHEAD + 1
        float rv[AHEAD], vv[AHEAD];
#pragma unroll
        for (int j = 0; j < AHEAD; ++j) {
            const int t = t1 - j;
            rv[j] = t >= 0 ? rewards[base + t] : 0.0f;
            vv[j] = t >= 0 ? values[base + t] : 0.0f;
        }
#pragma unroll
        for (int j = 0; j < AHEAD; ++j) {
            if (t1 - j < 0) break;
            const float delta = rv[j] + gamma * next_value - vv[j];
            adv = delta + c * adv;
            advantages[base + t1 - j] = adv;
            next_value = vv[j];
        }
    }
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B,
                      int S) {
    const int threads = 32;
    gae_rows_prefetch<<<(B + threads - 1) / threads, threads>>>(rewards, values, advantages, gamma, gamma * lam, B,
                                                                S);
}
