// One block: 1024 threads walk the B * S tokens with a block-stride loop (coalesced: neighbouring
// threads read neighbouring floats), each keeping a float partial sum; a shared-memory tree adds
// the 1024 partials and thread 0 writes the negative mean. No atomics, no memset.
//
// Slow because the whole batch streams through one SM: its load units and the few loads in
// flight per thread cap it at a small fraction of the GPU's memory bandwidth.
#include <cuda_runtime.h>

#define THREADS 1024

__device__ __forceinline__ float ppo_term(float a, float lp, float lpo, float lo, float hi) {
    const float ratio = expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    return fminf(ratio * a, clipped * a);
}

__global__ void ppo_one_block(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                              float lo, float hi, int n) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = tid; i < n; i += THREADS) sum += ppo_term(advantages[i], log_pi[i], log_pi_old[i], lo, hi);
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) output[0] = -partial[0] / (float)n;
}

extern "C" void solve(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                      float clip_eps, int B, int S) {
    ppo_one_block<<<1, THREADS>>>(advantages, log_pi, log_pi_old, output, 1.0f - clip_eps, 1.0f + clip_eps, B * S);
}
