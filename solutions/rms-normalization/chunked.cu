// Chunked (uncoalesced): 65,536 threads, each summing and later normalizing one contiguous
// chunk of about N / 65,536 elements, as a CPU thread would. At every step the 32 threads of a
// warp touch 32 addresses a chunk apart, 32 cache lines per load instead of one; the lines are
// reused from L1 on the next steps, but the load/store units do many times the work.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define BLOCKS 256

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

__global__ void sum_squares(const float* input, int N, int chunk) {
    const long long begin = (long long)(blockIdx.x * THREADS + threadIdx.x) * chunk;
    const long long end = begin + chunk < N ? begin + chunk : N;
    float s = 0.0f;
    for (long long i = begin; i < end; ++i) s += input[i] * input[i];
    s = block_sum(s);
    if (threadIdx.x == 0) block_partials[blockIdx.x] = s;
}

__global__ void normalize(const float* input, float gamma, float beta, float* output, int N, float eps, int chunk) {
    const float total = block_sum(block_partials[threadIdx.x]);  // BLOCKS == THREADS partials
    const float scale = gamma / sqrtf(total / N + eps);
    const long long begin = (long long)(blockIdx.x * THREADS + threadIdx.x) * chunk;
    const long long end = begin + chunk < N ? begin + chunk : N;
    for (long long i = begin; i < end; ++i) output[i] = input[i] * scale + beta;
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N, float eps) {
    const int threads_total = BLOCKS * THREADS;
    const int chunk = (N + threads_total - 1) / threads_total;
    sum_squares<<<BLOCKS, THREADS>>>(input, N, chunk);
    normalize<<<BLOCKS, THREADS>>>(input, gamma, beta, output, N, eps, chunk);
    cudaDeviceSynchronize();
}
