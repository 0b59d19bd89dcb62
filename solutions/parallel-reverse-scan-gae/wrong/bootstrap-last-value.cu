// WRONG: bootstraps the end of each row with its own last value (v[S] taken as v[S-1]) instead of
// 0: the episode is treated as cut off rather than ended. Example 1: delta[3] = 2 + 0.9 * (-1) + 1
// = 2.1 instead of 3, and every advantage before it shifts too.
#include <cuda_runtime.h>

__global__ void gae_rows(const float* rewards, const float* values, float* advantages, float gamma, float c, int B,
                         int S) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= B) return;
    const size_t base = (size_t)row * S;
    float next_value = values[base + S - 1], adv = 0.0f;
    for (int t = S - 1; t >= 0; --t) {
        const float v = values[base + t];
        const float delta = rewards[base + t] + gamma * next_value - v;
        adv = delta + c * adv;
        advantages[base + t] = adv;
        next_value = v;
    }
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B,
                      int S) {
    const int threads = 32;
    gae_rows<<<(B + threads - 1) / threads, threads>>>(rewards, values, advantages, gamma, gamma * lam, B, S);
}
