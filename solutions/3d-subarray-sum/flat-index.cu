// A 1-D grid over the box's entries, numbered column fastest: thread i finds its column, row and
// depth with two divisions, loads one entry, and the block sums with warp shuffles.
//
// Entry i is (col, row, dep) = (S_COL + i % width, S_ROW + (i / width) % height,
// S_DEP + i / (width * height)), so consecutive threads read consecutive entries of a piece
// (coalesced, except where a warp crosses into the next piece). Warp sums with
// __reduce_add_sync, block totals through shared memory, one atomicAdd per 256 entries into
// output[0] (zeroed first with cudaMemset). Each thread pays the divisions and keeps 4 bytes in
// flight.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void flat_index_3d(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int S_COL,
                              int width, int height, int count) {
    __shared__ int warp_totals[WARPS];
    const int i = blockIdx.x * THREADS + threadIdx.x;
    int v = 0;
    if (i < count) {
        const int col = S_COL + i % width;
        const int piece = i / width;
        const int row = S_ROW + piece % height;
        const int dep = S_DEP + piece / height;
        v = input[(size_t)(dep * M + row) * K + col];
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

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const int width = E_COL - S_COL + 1;
    const int height = E_ROW - S_ROW + 1;
    const int count = (E_DEP - S_DEP + 1) * height * width;  // at most 500^3
    const int blocks = (count + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    flat_index_3d<<<blocks, THREADS>>>(input, output, M, K, S_DEP, S_ROW, S_COL, width, height, count);
    cudaDeviceSynchronize();
}
