// WRONG (WA, reads the output before writing it): block sums are added into output[0] with
// atomicAdd, but output is never zeroed.
//
// output holds the judge's fill pattern on entry, so the result is the fill value plus the sum:
// wrong on the first example. With an output that starts at zero it would pass; the judge's
// report says so.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__global__ void block_sum_3d(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int E_ROW, int S_COL,
                             int E_COL) {
    __shared__ int warp_totals[BY];
    const int col = S_COL + blockIdx.x * BX + threadIdx.x;
    const int row = S_ROW + blockIdx.y * BY + threadIdx.y;
    const int dep = S_DEP + blockIdx.z;
    int v = (row <= E_ROW && col <= E_COL) ? input[(size_t)(dep * M + row) * K + col] : 0;
    v = __reduce_add_sync(0xffffffffu, v);
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
    // Bug: missing cudaMemset(output, 0, sizeof(int)).
    const dim3 threads(BX, BY, 1);
    const dim3 blocks((E_COL - S_COL + 1 + BX - 1) / BX, (E_ROW - S_ROW + 1 + BY - 1) / BY, E_DEP - S_DEP + 1);
    block_sum_3d<<<blocks, threads>>>(input, output, M, K, S_DEP, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
