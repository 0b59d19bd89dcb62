// WRONG: -log(sigmoid(z)) written as the formula reads, -log(1 / (1 + exp(-z))). For a logit below
// about -88.7, exp(-z) overflows to infinity, the sigmoid becomes 0 and the loss infinite: the
// examples pass, margins-1000 (logits of -100) gets inf instead of 31.25. The stable form
// max(-z, 0) + log1p(exp(-|z|)) never overflows.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 4096

// The loss of one pair, -log(sigmoid(z)), written as the formula reads.
__device__ __forceinline__ float dpo_term(float c, float r, float cr, float rr, float beta) {
    const float z = beta * ((c - r) - (cr - rr));
    return -logf(1.0f / (1.0f + expf(-z)));  // Bug: exp(-z) overflows for z < -88.7
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
    cudaMemset(output, 0, sizeof(float));
    dpo_grid_stride<<<blocks, THREADS>>>(chosen_logps, rejected_logps, chosen_ref_logps, rejected_ref_logps, output, beta, B, 1.0f / (float)B);
}
