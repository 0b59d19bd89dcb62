// A 3-D grid of 32 x 8 x 1 blocks, one entry per thread, warp sums, one atomicAdd per block.
//
// x runs over the box's columns, y over its rows and the grid's z over its depths; blocks are 32
// wide, so each warp reads 32 consecutive entries of one row piece (one 128-byte line when
// aligned, where cube-blocks.cu reads four 32-byte pieces). The warp adds them with
// __reduce_add_sync, the eight warp totals go through shared memory (one barrier instead of
// eight) and one atomicAdd per block goes into output[0], zeroed first with cudaMemset.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__global__ void warp_reduce_3d(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int E_ROW,
                               int S_COL, int E_COL) {
    __shared__ int warp_totals[BY];
    const int col = S_COL + blockIdx.x * BX + threadIdx.x;
    const int row = S_ROW + blockIdx.y * BY + threadIdx.y;
    const int dep = S_DEP + blockIdx.z;
    int v = (row <= E_ROW && col <= E_COL) ? input[(size_t)(dep * M + row) * K + col] : 0;
    v = __reduce_add_sync(0xffffffffu, v);  // threadIdx.y is the warp
    if (threadIdx.x == 0) warp_totals[threadIdx.y] = v;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        int total = 0;
        for (int w = 0; w < BY; ++w) total += warp_totals[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const int width = E_COL - S_COL + 1;
    const int height = E_ROW - S_ROW + 1;
    const int depth = E_DEP - S_DEP + 1;
    const dim3 threads(BX, BY, 1);
    const dim3 blocks((width + BX - 1) / BX, (height + BY - 1) / BY, depth);
    cudaMemset(output, 0, sizeof(int));
    warp_reduce_3d<<<blocks, threads>>>(input, output, M, K, S_DEP, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
