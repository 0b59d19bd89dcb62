// WRONG: carries the next advantage with gamma instead of gamma * lam (A[t] = delta[t] +
// gamma * A[t+1]): the discounted return's recurrence, not GAE's. Right only where lam = 1 (or
// gamma = 0); example 1 (lam = 0.5) gives A[2] = -1.9 + 0.9 * 3 = 0.8 instead of -0.55.
#include <cuda_runtime.h>

__global__ void gae_rows(const float* rewards, const float* values, float* advantages, float gamma, float c, int B,
                         int S) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= B) return;
    const size_t base = (size_t)row * S;
    float next_value = 0.0f, adv = 0.0f;  // v[S] = 0 and A[S] = 0: nothing past the end
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
    gae_rows<<<(B + threads - 1) / threads, threads>>>(rewards, values, advantages, gamma, gamma, B, S);
}
