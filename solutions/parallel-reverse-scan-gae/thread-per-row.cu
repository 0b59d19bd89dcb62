// Thread per row: B threads, each walks its row from the last step to the first, computing
// delta[t] from r[t], v[t] and the v[t+1] it read one step before, and A[t] from A[t+1].
//
// Slow on purpose: at most 256 threads, one dependent step after another, and the lanes of a warp
// read rows S floats apart (uncoalesced); each step waits for its loads.
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
    gae_rows<<<(B + threads - 1) / threads, threads>>>(rewards, values, advantages, gamma, gamma * lam, B, S);
}
