// WRONG (WA): the grid's x and y sizes are computed from the subarray's height and width the
// wrong way round.
//
// The kernel is right (x runs over the columns, y over the rows, with correct bounds), but the
// launch sizes x from the number of rows and y from the number of columns. The examples are so
// small that one 32 x 8 block covers them either way; on single-row (1 x 9,996) the grid has one
// block, so only the first 32 columns are added: wrong answer.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__global__ void sum_2d(const int* input, int* output, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    __shared__ int warp_totals[BY];
    const int col = S_COL + blockIdx.x * BX + threadIdx.x;
    const int row = S_ROW + blockIdx.y * BY + threadIdx.y;
    int v = (row <= E_ROW && col <= E_COL) ? input[(size_t)row * M + col] : 0;
    v = __reduce_add_sync(0xffffffffu, v);
    if (threadIdx.x == 0) warp_totals[threadIdx.y] = v;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        int total = 0;
        for (int w = 0; w < BY; ++w) total += warp_totals[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    const int width = E_COL - S_COL + 1;
    const int height = E_ROW - S_ROW + 1;
    const dim3 threads(BX, BY);
    // Bug: x must cover the width (columns) and y the height (rows).
    const dim3 blocks((height + BX - 1) / BX, (width + BY - 1) / BY);
    cudaMemset(output, 0, sizeof(int));
    sum_2d<<<blocks, threads>>>(input, output, M, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
