// Atomics per pair: one thread per pair adds its loss into a single double accumulator in global
// memory with atomicAdd (double, so 16.7 million additions lose nothing to rounding), after an
// init kernel clears it; a one-thread kernel writes the mean as a float.
//
// No tree, no shuffles, but every pair's atomic goes to the same address, and the L2 slice that
// holds it applies them one at a time: 16.7 million serial updates at the ranking size, tens of
// times element-atomic's 65,536, which already cost it tens of microseconds. The slowest rung,
// slower than one block walking everything.
#include <cuda_runtime.h>

#define THREADS 256

__device__ double total;

// The loss of one pair, -logsigmoid(z), in the stable form: softplus(-z) = max(-z, 0) + log1p(exp(-|z|)).
__device__ __forceinline__ float dpo_term(float c, float r, float cr, float rr, float beta) {
    const float z = beta * ((c - r) - (cr - rr));
    return fmaxf(-z, 0.0f) + log1pf(expf(-fabsf(z)));
}

__global__ void clear_total() {
    total = 0.0;
}

__global__ void dpo_double_atomic(const float* c, const float* r, const float* cr, const float* rr, float beta, int n) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < n) atomicAdd(&total, (double)dpo_term(c[i], r[i], cr[i], rr[i], beta));
}

__global__ void write_mean(float* output, int n) {
    output[0] = (float)(total / n);
}

extern "C" void solve(const float* chosen_logps, const float* rejected_logps, const float* chosen_ref_logps,
                      const float* rejected_ref_logps, float* output, float beta, int B) {
    clear_total<<<1, 1>>>();
    dpo_double_atomic<<<(B + THREADS - 1) / THREADS, THREADS>>>(chosen_logps, rejected_logps, chosen_ref_logps,
                                                                rejected_ref_logps, beta, B);
    write_mean<<<1, 1>>>(output, B);
}
