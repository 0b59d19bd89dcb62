// Two entries per thread, added as they are loaded, then warp-shuffle sums and one atomicAdd per
// block.
//
// The "first add during the load" step of the classic reduction ladder: a block of 256 threads
// covers 512 entries, thread t loading entries t and t + 256 of its block's stretch (both loads
// coalesced across the warp, both in flight at once). Half the blocks and atomics of
// warp-reduce.cu and twice the bytes in flight per thread; the loads are still 4 bytes wide.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define PER_BLOCK (2 * THREADS)

__device__ __forceinline__ int warp_sum(int v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void add_on_load_sum(const int* input, int* output, int S, int E) {
    __shared__ int warp_totals[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int i = S + blockIdx.x * PER_BLOCK + threadIdx.x;
    const int a = (i <= E) ? input[i] : 0;
    const int b = (i + THREADS <= E) ? input[i + THREADS] : 0;
    int v = warp_sum(a + b);
    if (lane == 0) warp_totals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = warp_sum(lane < WARPS ? warp_totals[lane] : 0);
        if (lane == 0) atomicAdd(output, v);
    }
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    const int count = E - S + 1;
    const int blocks = (count + PER_BLOCK - 1) / PER_BLOCK;
    cudaMemset(output, 0, sizeof(int));
    add_on_load_sum<<<blocks, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
