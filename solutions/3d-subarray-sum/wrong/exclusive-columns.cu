// WRONG (WA): treats E_COL as one past the last column, so column E_COL is never added.
//
// The statement includes all six bounds; this kernel checks col < E_COL, the half-open habit
// (depths and rows are right). Every entry is at least 1, so the answer is short on every case:
// example 1 gives 4 + 10 = 14 instead of 20.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__global__ void exclusive_sum(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int E_ROW, int S_COL,
                              int E_COL) {
    const int col = S_COL + blockIdx.x * BX + threadIdx.x;
    const int row = S_ROW + blockIdx.y * BY + threadIdx.y;
    const int dep = S_DEP + blockIdx.z;
    int v = 0;
    if (row <= E_ROW && col < E_COL) v = input[(size_t)(dep * M + row) * K + col];  // Bug: col <= E_COL.
    v = __reduce_add_sync(0xffffffffu, v);
    if (threadIdx.x == 0 && v != 0) atomicAdd(output, v);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const dim3 threads(BX, BY, 1);
    const dim3 blocks((E_COL - S_COL + 1 + BX - 1) / BX, (E_ROW - S_ROW + 1 + BY - 1) / BY, E_DEP - S_DEP + 1);
    cudaMemset(output, 0, sizeof(int));
    exclusive_sum<<<blocks, threads>>>(input, output, M, K, S_DEP, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
