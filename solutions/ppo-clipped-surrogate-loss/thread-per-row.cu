// Thread per row: B threads, each adds up the S terms of its own row in a float, then one
// atomicAdd per row into a cleared output.
//
// Slow on purpose: only 256 threads (a few warps on a few SMs) do all the work, and the 32 lanes
// of a warp read 32 different rows, 64 KiB apart, so every load instruction touches 32 separate
// cache lines instead of one. Each row's chain of 16,384 float additions is short enough to stay
// accurate.
#include <cuda_runtime.h>

__device__ __forceinline__ float ppo_term(float a, float lp, float lpo, float lo, float hi) {
    const float ratio = expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    return fminf(ratio * a, clipped * a);
}

__global__ void ppo_rows(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                         float lo, float hi, int B, int S, float scale) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= B) return;
    const size_t base = (size_t)row * S;
    float sum = 0.0f;
    for (int j = 0; j < S; ++j) sum += ppo_term(advantages[base + j], log_pi[base + j], log_pi_old[base + j], lo, hi);
    atomicAdd(output, sum * scale);
}

extern "C" void solve(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                      float clip_eps, int B, int S) {
    cudaMemset(output, 0, sizeof(float));
    const float scale = -1.0f / ((float)B * (float)S);
    const int threads = 64;
    ppo_rows<<<(B + threads - 1) / threads, threads>>>(advantages, log_pi, log_pi_old, output, 1.0f - clip_eps,
                                                       1.0f + clip_eps, B, S, scale);
}
