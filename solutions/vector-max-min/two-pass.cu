// Two passes: block maxima and minima into scratch arrays, then one block combines them.
//
// Pass 1 launches just enough 256-thread blocks to fill every SM (8 per SM); each thread keeps a
// running maximum and minimum over a grid-stride loop and each block combines its threads with
// shared-memory trees, storing its pair in the scratch arrays. Pass 2 is a single block that
// combines those ~1000 pairs and writes result. No atomics and no starting values in result; the
// cost over a one-pass kernel is the second launch and 8 barriers per block.
#include <cuda_runtime.h>

#define THREADS 256
#define FINAL_THREADS 1024
#define MAX_PARTIALS 4096

__device__ float partial_max[MAX_PARTIALS];
__device__ float partial_min[MAX_PARTIALS];

// Maximum of hi and minimum of lo over the block (blockDim.x == threads, a power of two);
// valid in thread 0.
__device__ void block_max_min(float& hi, float& lo, float* block_max, float* block_min, int threads) {
    const int tid = threadIdx.x;
    block_max[tid] = hi;
    block_min[tid] = lo;
    __syncthreads();
    for (int stride = threads / 2; stride > 0; stride /= 2) {
        if (tid < stride) {
            block_max[tid] = fmaxf(block_max[tid], block_max[tid + stride]);
            block_min[tid] = fminf(block_min[tid], block_min[tid + stride]);
        }
        __syncthreads();
    }
    hi = block_max[0];
    lo = block_min[0];
}

__global__ void max_min_partials(const float* input, int N) {
    __shared__ float block_max[THREADS];
    __shared__ float block_min[THREADS];
    float hi = -INFINITY, lo = INFINITY;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += gridDim.x * THREADS) {
        const float v = input[i];
        hi = fmaxf(hi, v);
        lo = fminf(lo, v);
    }
    block_max_min(hi, lo, block_max, block_min, THREADS);
    if (threadIdx.x == 0) {
        partial_max[blockIdx.x] = hi;
        partial_min[blockIdx.x] = lo;
    }
}

__global__ void combine_partials(float* result, int count) {
    __shared__ float block_max[FINAL_THREADS];
    __shared__ float block_min[FINAL_THREADS];
    float hi = -INFINITY, lo = INFINITY;
    for (int i = threadIdx.x; i < count; i += FINAL_THREADS) {
        hi = fmaxf(hi, partial_max[i]);
        lo = fminf(lo, partial_min[i]);
    }
    block_max_min(hi, lo, block_max, block_min, FINAL_THREADS);
    if (threadIdx.x == 0) {
        result[0] = hi;
        result[1] = lo;
    }
}

extern "C" void solve(const float* input, float* result, int N) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sm_count = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sm_count * (2048 / THREADS);
        if (max_blocks > MAX_PARTIALS) max_blocks = MAX_PARTIALS;
    }
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > max_blocks) blocks = max_blocks;
    max_min_partials<<<blocks, THREADS>>>(input, N);
    combine_partials<<<1, FINAL_THREADS>>>(result, blocks);
    cudaDeviceSynchronize();
}
