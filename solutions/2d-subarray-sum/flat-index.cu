// A 1-D grid over the subarray's entries, numbered row by row: thread i finds its row and column
// with a division, loads one entry, and the block sums with warp shuffles.
//
// Entry i of the height x width block is (S_ROW + i / width, S_COL + i % width), so consecutive
// threads read consecutive entries of a row (coalesced, except where a warp crosses from one row
// to the next). Warp sums with __reduce_add_sync, block totals through shared memory, one
// atomicAdd per 256 entries into output[0] (zeroed first with cudaMemset). Every thread pays an
// integer division and keeps only 4 bytes in flight.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void flat_index_sum(const int* input, int* output, int M, int S_ROW, int S_COL, int width,
                               int count) {
    __shared__ int warp_totals[WARPS];
    const int i = blockIdx.x * THREADS + threadIdx.x;
    int v = 0;
    if (i < count) {
        const int row = S_ROW + i / width;
        const int col = S_COL + i % width;
        v = input[(size_t)row * M + col];
    }
    v = __reduce_add_sync(0xffffffffu, v);
    if (threadIdx.x % 32 == 0) warp_totals[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        int total = 0;
        for (int w = 0; w < WARPS; ++w) total += warp_totals[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    const int width = E_COL - S_COL + 1;
    const int count = (E_ROW - S_ROW + 1) * width;  // at most N * M <= 10^8
    const int blocks = (count + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    flat_index_sum<<<blocks, THREADS>>>(input, output, M, S_ROW, S_COL, width, count);
    cudaDeviceSynchronize();
}
