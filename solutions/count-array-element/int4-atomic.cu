// int4 loads in a GPU-sized grid-stride loop, register counts, one atomicAdd per block.
//
// registers.cu with 16-byte loads: each thread reads the array as int4s, two per trip into two
// counters (eight elements in flight per thread, a quarter of the load instructions), and the
// last N % 4 elements are read one at a time (the buffers are 256-byte aligned). The warp adds
// its counts with __reduce_add_sync, the block through shared memory, and one atomicAdd per
// block goes into output[0], zeroed first with cudaMemset. best.cu does the same reading but
// lets the last block write the total, so it needs neither the memset nor the atomics.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ int matches(int4 v, int K) {
    return (v.x == K) + (v.y == K) + (v.z == K) + (v.w == K);
}

__global__ void int4_count(const int* input, int* output, int N, int K) {
    __shared__ int warp_counts[WARPS];
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = gridDim.x * blockDim.x;
    const int4* vec = reinterpret_cast<const int4*>(input);
    const int n4 = N / 4;

    int c0 = 0, c1 = 0;
    int i = gid;
    for (; i + stride < n4; i += 2 * stride) {
        const int4 a = vec[i];
        const int4 b = vec[i + stride];
        c0 += matches(a, K);
        c1 += matches(b, K);
    }
    if (i < n4) c0 += matches(vec[i], K);
    const int tail = 4 * n4 + gid;  // at most 3 elements after the last int4
    if (tail < N) c0 += (input[tail] == K);

    const int count = __reduce_add_sync(0xffffffffu, c0 + c1);
    if (threadIdx.x % 32 == 0) warp_counts[threadIdx.x / 32] = count;
    __syncthreads();
    if (threadIdx.x == 0) {
        int total = 0;
        for (int w = 0; w < WARPS; ++w) total += warp_counts[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sm_count = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sm_count * (2048 / THREADS);
    }
    int blocks = (N + THREADS * 8 - 1) / (THREADS * 8);
    if (blocks > max_blocks) blocks = max_blocks;
    cudaMemset(output, 0, sizeof(int));
    int4_count<<<blocks, THREADS>>>(input, output, N, K);
}
