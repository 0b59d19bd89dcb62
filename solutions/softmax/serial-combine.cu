// Block partials combined by a single thread: five kernels, two of them <<<1, 1>>>.
//
// A common way to finish a reduction without atomics: blocks of 256 threads (one element each)
// reduce with a shared-memory tree and store one partial each; then a kernel with one thread
// loops over the ~2,000 partials. So:
//   1. block maxima -> partials[]     2. one thread: max of partials[] -> stats[0]
//   3. block sums of expf(x - max) -> partials[]     4. one thread: sum -> stats[1]
//   5. output[i] = expf(input[i] - max) / sum
// Correct and deterministic, but the two one-thread kernels walk thousands of values with a
// single thread, one load after another, while the rest of the GPU sits idle.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define MAX_BLOCKS ((500000 + THREADS - 1) / THREADS)  // N <= 500,000

__device__ float partials[MAX_BLOCKS];
__device__ float stats[2];  // max, sum

__global__ void block_max_kernel(const float* input, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    partial[tid] = (i < N) ? input[i] : -INFINITY;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] = fmaxf(partial[tid], partial[tid + stride]);
        __syncthreads();
    }
    if (tid == 0) partials[blockIdx.x] = partial[0];
}

__global__ void serial_max_kernel(int num_blocks) {
    float m = -INFINITY;
    for (int j = 0; j < num_blocks; ++j) m = fmaxf(m, partials[j]);
    stats[0] = m;
}

__global__ void block_sum_kernel(const float* input, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    partial[tid] = (i < N) ? expf(input[i] - stats[0]) : 0.0f;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) partials[blockIdx.x] = partial[0];
}

__global__ void serial_sum_kernel(int num_blocks) {
    float s = 0.0f;
    for (int j = 0; j < num_blocks; ++j) s += partials[j];
    stats[1] = s;
}

__global__ void normalize_kernel(const float* input, float* output, int N) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < N) output[i] = expf(input[i] - stats[0]) / stats[1];
}

extern "C" void solve(const float* input, float* output, int N) {
    const int blocks = (N + THREADS - 1) / THREADS;
    block_max_kernel<<<blocks, THREADS>>>(input, N);
    serial_max_kernel<<<1, 1>>>(blocks);
    block_sum_kernel<<<blocks, THREADS>>>(input, N);
    serial_sum_kernel<<<1, 1>>>(blocks);
    normalize_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
