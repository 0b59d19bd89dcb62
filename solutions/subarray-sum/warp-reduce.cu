// One entry per thread, warp-shuffle sums, one atomicAdd per block.
//
// Like shared-tree.cu, but each warp adds its 32 values with five __shfl_down_sync steps in
// registers; only the eight warp totals go through shared memory, so a block needs one barrier
// instead of eight. The loads are still 4 bytes per thread, one per thread, and there is still one
// block (and one atomic on output[0], zeroed with cudaMemset) per 256 entries.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ int warp_sum(int v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void warp_reduce_sum(const int* input, int* output, int S, int E) {
    __shared__ int warp_totals[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int i = S + blockIdx.x * THREADS + threadIdx.x;
    int v = warp_sum((i <= E) ? input[i] : 0);
    if (lane == 0) warp_totals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = warp_sum(lane < WARPS ? warp_totals[lane] : 0);
        if (lane == 0) atomicAdd(output, v);
    }
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    const int count = E - S + 1;
    const int blocks = (count + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    warp_reduce_sum<<<blocks, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
