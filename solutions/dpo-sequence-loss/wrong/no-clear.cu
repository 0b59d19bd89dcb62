// WRONG: the grid-stride rung without clearing output first. Every block atomicAdds its share into
// whatever output held on entry: the judge's marker (a NaN) stays NaN. With output zeroed
// beforehand (LeetGPU's harness happens to hand it over zeroed) it would pass, which is what the
// judge's diagnosis says.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 4096

// The loss of one pair, -logsigmoid(z), in the stable form: softplus(-z) = max(-z, 0) + log1p(exp(-|z|)).
__device__ __forceinline__ float dpo_term(float c, float r, float cr, float rr, float beta) {
    const float z = beta * ((c - r) - (cr - rr));
    return fmaxf(-z, 0.0f) + log1pf(expf(-fabsf(z)));
}

__global__ void dpo_grid_stride(const float* c, const float* r, const float* cr, const float* rr, float* output, float beta, int n, float scale) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < n; i += gridDim.x * THREADS) sum += dpo_term(c[i], r[i], cr[i], rr[i], beta);
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0] * scale);
}

extern "C" void solve(const float* chosen_logps, const float* rejected_logps, const float* chosen_ref_logps,
                      const float* rejected_ref_logps, float* output, float beta, int B) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sms = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sms * (2048 / THREADS);
        if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
    }
    int blocks = (B + THREADS - 1) / THREADS;
    if (blocks > max_blocks) blocks = max_blocks;
    // Bug: no cudaMemset(output, 0, sizeof(float)) before the atomics.
    dpo_grid_stride<<<blocks, THREADS>>>(chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output, beta, B, 1.0f / (float)B);
}
