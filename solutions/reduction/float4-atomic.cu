// float4 loads with warp shuffles and one atomicAdd per block (after a cudaMemset).
//
// shuffle.cu with 16-byte loads: each thread of a GPU-sized grid walks the array as float4s, two
// per trip into separate accumulators, so a quarter of the load instructions carries the same
// bytes and eight floats are in flight per thread. The pointer may not be 16-byte aligned: the
// 0-3 elements before the first aligned address and the 0-3 after the last float4 are read one
// at a time. Warp shuffles combine each warp, shared memory the block, and one atomicAdd per
// block adds into output[0], zeroed first with cudaMemset: the memset is a second operation in
// the stream, which best.cu avoids by letting the last block write the result.
#include <cuda_runtime.h>
#include <stdint.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

// head: how many leading elements come before the first 16-byte aligned address (0-3).
__global__ void float4_sum(const float* input, float* output, int N, int head) {
    __shared__ float warp_totals[WARPS];
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = gridDim.x * blockDim.x;

    float sum = 0.0f;
    if (gid < head) sum = input[gid];
    const float4* vec = reinterpret_cast<const float4*>(input + head);
    const int n_vec = (N - head) / 4;
    float4 a = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float4 b = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    int i = gid;
    for (; i + stride < n_vec; i += 2 * stride) {
        const float4 x = vec[i];
        const float4 y = vec[i + stride];
        a.x += x.x; a.y += x.y; a.z += x.z; a.w += x.w;
        b.x += y.x; b.y += y.y; b.z += y.z; b.w += y.w;
    }
    if (i < n_vec) {
        const float4 x = vec[i];
        a.x += x.x; a.y += x.y; a.z += x.z; a.w += x.w;
    }
    const int tail = head + 4 * n_vec + gid;  // at most 3 elements after the last float4
    if (tail < N) sum += input[tail];
    sum += ((a.x + a.y) + (a.z + a.w)) + ((b.x + b.y) + (b.z + b.w));

    sum = warp_sum(sum);
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    if (lane == 0) warp_totals[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = lane < WARPS ? warp_totals[lane] : 0.0f;
        sum = warp_sum(sum);
        if (lane == 0) atomicAdd(output, sum);
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sm_count = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sm_count * (2048 / THREADS);
    }
    const uintptr_t address = reinterpret_cast<uintptr_t>(input);
    int head = static_cast<int>(((16 - (address & 15)) & 15) / 4);
    if (head > N) head = N;

    int blocks = (N + THREADS * 8 - 1) / (THREADS * 8);
    if (blocks > max_blocks) blocks = max_blocks;
    cudaMemset(output, 0, sizeof(float));
    float4_sum<<<blocks, THREADS>>>(input, output, N, head);
}
