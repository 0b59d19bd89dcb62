// WRONG (WA): steps from one row to the next by M entries instead of K.
//
// Entry (dep, row, col) is input[(dep * M + row) * K + col]: a row holds K entries (the columns)
// and a depth M rows. This kernel indexes input[dep * M * K + row * M + col], mixing up the two
// sizes. Only when M == K is that right; example 1 (M = 2, K = 3) reads the wrong entries and
// gets 26 instead of 20.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__global__ void stride_sum(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int E_ROW, int S_COL,
                           int E_COL) {
    const int col = S_COL + blockIdx.x * BX + threadIdx.x;
    const int row = S_ROW + blockIdx.y * BY + threadIdx.y;
    const int dep = S_DEP + blockIdx.z;
    int v = 0;
    if (row <= E_ROW && col <= E_COL) v = input[dep * M * K + row * M + col];  // Bug: row * K.
    v = __reduce_add_sync(0xffffffffu, v);
    if (threadIdx.x == 0 && v != 0) atomicAdd(output, v);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const dim3 threads(BX, BY, 1);
    const dim3 blocks((E_COL - S_COL + 1 + BX - 1) / BX, (E_ROW - S_ROW + 1 + BY - 1) / BY, E_DEP - S_DEP + 1);
    cudaMemset(output, 0, sizeof(int));
    stride_sum<<<blocks, threads>>>(input, output, M, K, S_DEP, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
