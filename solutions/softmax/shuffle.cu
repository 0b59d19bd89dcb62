// Softmax, step 2: warp-shuffle reductions, three kernels, no atomics and no init kernel.
//
// Changes from naive.cu:
// - A fixed grid (enough blocks to fill the GPU, at most 1024) walks the array with grid-stride
//   loops, and every block reduces with __shfl_xor_sync: a warp combines 32 values in five
//   register steps, and only the 8 warp results of a block go through shared memory.
// - Instead of atomics, each block writes its result to its own slot of a small array. The next
//   kernel starts by reducing those slots (at most 1024 values, a few per thread), so:
//     1. max kernel:       block maxima                      -> block_max[]
//     2. sum kernel:       max of block_max[], then the block sums of expf(x - max) -> block_sum[]
//     3. normalize kernel: max of block_max[], sum of block_sum[], then the outputs
//   One launch fewer than naive.cu, no float atomic max, and a deterministic result.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 1024

__device__ float block_max[MAX_BLOCKS];
__device__ float block_sum[MAX_BLOCKS];

__device__ __forceinline__ float warp_max(float v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// Block-wide max; every thread gets the result.
__device__ float block_reduce_max(float v) {
    __shared__ float warp_values[WARPS];
    v = warp_max(v);
    if (threadIdx.x % 32 == 0) warp_values[threadIdx.x / 32] = v;
    __syncthreads();
    v = warp_values[0];
    for (int w = 1; w < WARPS; ++w) v = fmaxf(v, warp_values[w]);
    __syncthreads();  // warp_values may be reused by the next call
    return v;
}

// Block-wide sum; every thread gets the same result.
__device__ float block_reduce_sum(float v) {
    __shared__ float warp_values[WARPS];
    v = warp_sum(v);
    if (threadIdx.x % 32 == 0) warp_values[threadIdx.x / 32] = v;
    __syncthreads();
    v = warp_values[0];
    for (int w = 1; w < WARPS; ++w) v += warp_values[w];
    __syncthreads();
    return v;
}

__device__ float global_max_of_blocks(int num_blocks) {
    float m = -INFINITY;
    for (int j = threadIdx.x; j < num_blocks; j += blockDim.x) m = fmaxf(m, block_max[j]);
    return block_reduce_max(m);
}

__global__ void max_kernel(const float* input, int N) {
    float m = -INFINITY;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
        m = fmaxf(m, input[i]);
    m = block_reduce_max(m);
    if (threadIdx.x == 0) block_max[blockIdx.x] = m;
}

__global__ void sum_kernel(const float* input, int N) {
    float m = global_max_of_blocks(gridDim.x);
    float s = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
        s += expf(input[i] - m);
    s = block_reduce_sum(s);
    if (threadIdx.x == 0) block_sum[blockIdx.x] = s;
}

__global__ void normalize_kernel(const float* input, float* output, int N) {
    float m = global_max_of_blocks(gridDim.x);
    float s = 0.0f;
    for (int j = threadIdx.x; j < gridDim.x; j += blockDim.x) s += block_sum[j];
    s = block_reduce_sum(s);
    float inv_sum = 1.0f / s;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
        output[i] = expf(input[i] - m) * inv_sum;
}

extern "C" void solve(const float* input, float* output, int N) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sm_count = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sm_count * (2048 / THREADS);
        if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
    }
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > max_blocks) blocks = max_blocks;

    // All three kernels use the same grid, so gridDim.x is also the number of slots.
    max_kernel<<<blocks, THREADS>>>(input, N);
    sum_kernel<<<blocks, THREADS>>>(input, N);
    normalize_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
