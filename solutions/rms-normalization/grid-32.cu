// A small fixed grid: 32 blocks of 256 threads with grid-stride loops, whatever N is. The first
// kernel leaves one partial sum of squares per block; the second adds the 32 partials in every
// block and normalizes. Coalesced, and 32 SMs work instead of one, but each holds only 8 warps:
// a few percent of the loads in flight the memory system needs.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define BLOCKS 32

__device__ float block_partials[BLOCKS];

// Sum of v over the block (blockDim.x == THREADS); every thread gets the total.
__device__ float block_sum(float v) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    partial[tid] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    const float total = partial[0];
    __syncthreads();
    return total;
}

__global__ void sum_squares(const float* input, int N) {
    float s = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += BLOCKS * THREADS) s += input[i] * input[i];
    s = block_sum(s);
    if (threadIdx.x == 0) block_partials[blockIdx.x] = s;
}

__global__ void normalize(const float* input, float gamma, float beta, float* output, int N, float eps) {
    const float total = block_sum(threadIdx.x < BLOCKS ? block_partials[threadIdx.x] : 0.0f);
    const float scale = gamma / sqrtf(total / N + eps);
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += BLOCKS * THREADS)
        output[i] = input[i] * scale + beta;
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N, float eps) {
    sum_squares<<<BLOCKS, THREADS>>>(input, N);
    normalize<<<BLOCKS, THREADS>>>(input, gamma, beta, output, N, eps);
    cudaDeviceSynchronize();
}
