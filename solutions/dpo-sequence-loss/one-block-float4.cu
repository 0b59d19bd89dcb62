// One block, float4: a single block of 1024 threads walks the pairs four at a time with 16-byte
// loads of each input (the last B % 4 pairs as scalars), a shared-memory tree adds the partials
// and thread 0 writes the mean. No atomics, no memset.
//
// Four times the bytes in flight per load of one-block, so one SM is no longer starved by memory
// latency alone; but it is still one SM of the GPU's 132: its four schedulers must issue every
// pair's expf and log1pf (tens of instructions a pair), which caps it well below shared-atomic,
// whose grid spreads that work over every SM.
#include <cuda_runtime.h>

#define THREADS 1024

// The loss of one pair, -logsigmoid(z), in the stable form: softplus(-z) = max(-z, 0) + log1p(exp(-|z|)).
__device__ __forceinline__ float dpo_term(float c, float r, float cr, float rr, float beta) {
    const float z = beta * ((c - r) - (cr - rr));
    return fmaxf(-z, 0.0f) + log1pf(expf(-fabsf(z)));
}

__global__ void dpo_one_block_float4(const float* c, const float* r, const float* cr, const float* rr, float* output,
                                     float beta, int n) {
    __shared__ float partial[THREADS];
    const float4* C4 = reinterpret_cast<const float4*>(c);
    const float4* R4 = reinterpret_cast<const float4*>(r);
    const float4* CR4 = reinterpret_cast<const float4*>(cr);
    const float4* RR4 = reinterpret_cast<const float4*>(rr);
    const int tid = threadIdx.x;
    const int n4 = n / 4;
    float sum = 0.0f;
    for (int j = tid; j < n4; j += THREADS) {
        const float4 a = C4[j], b = R4[j], ca = CR4[j], rb = RR4[j];
        sum += (dpo_term(a.x, b.x, ca.x, rb.x, beta) + dpo_term(a.y, b.y, ca.y, rb.y, beta)) +
               (dpo_term(a.z, b.z, ca.z, rb.z, beta) + dpo_term(a.w, b.w, ca.w, rb.w, beta));
    }
    const int i = 4 * n4 + tid;  // the last n % 4 pairs
    if (i < n) sum += dpo_term(c[i], r[i], cr[i], rr[i], beta);
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) output[0] = partial[0] / (float)n;
}

extern "C" void solve(const float* chosen_logps, const float* rejected_logps, const float* chosen_ref_logps,
                      const float* rejected_ref_logps, float* output, float beta, int B) {
    dpo_one_block_float4<<<1, THREADS>>>(chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output,
                                         beta, B);
}
