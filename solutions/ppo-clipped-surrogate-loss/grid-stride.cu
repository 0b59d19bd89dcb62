// Grid-stride: a grid that just fills the GPU (8 blocks of 256 threads per SM), each thread
// adding about 16 tokens into a float before the block's shared-memory tree, then one atomicAdd
// per block (about a thousand instead of 16,384) into a cleared output.
//
// Faster than one thread per token: far fewer barriers and atomics per token, and each thread has
// several independent loads to issue. The memset is still a launch of its own.
#include <cuda_runtime.h>

#define THREADS 256

__device__ __forceinline__ float ppo_term(float a, float lp, float lpo, float lo, float hi) {
    const float ratio = expf(lp - lpo);
    const float clipped = fminf(fmaxf(ratio, lo), hi);
    return fminf(ratio * a, clipped * a);
}

__global__ void ppo_grid_stride(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                                float lo, float hi, int n, float scale) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < n; i += gridDim.x * THREADS)
        sum += ppo_term(advantages[i], log_pi[i], log_pi_old[i], lo, hi);
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0] * scale);
}

extern "C" void solve(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                      float clip_eps, int B, int S) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sms = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sms * (2048 / THREADS);
    }
    const int n = B * S;
    int blocks = (n + THREADS - 1) / THREADS;
    if (blocks > max_blocks) blocks = max_blocks;
    cudaMemset(output, 0, sizeof(float));
    ppo_grid_stride<<<blocks, THREADS>>>(advantages, log_pi, log_pi_old, output, 1.0f - clip_eps, 1.0f + clip_eps, n,
                                         -1.0f / (float)n);
}
