// WRONG (WA): sums everything from the top-left corner of the subarray to its bottom-right corner
// in memory order, as if the subarray were one contiguous stretch.
//
// input[S_ROW * M + S_COL .. E_ROW * M + E_COL] is contiguous, but on every row except the last
// it runs on past E_COL to the end of the row and starts the next row at column 0. Example 1
// adds 2 + 3 + 4 + 5 + 6 + 7 = 27 instead of 18.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void contiguous_sum(const int* input, int* output, int first, int last) {
    const int i = first + blockIdx.x * blockDim.x + threadIdx.x;
    int v = (i <= last) ? input[i] : 0;
    v = __reduce_add_sync(0xffffffffu, v);
    if (threadIdx.x % 32 == 0 && v != 0) atomicAdd(output, v);
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    const int first = S_ROW * M + S_COL;
    const int last = E_ROW * M + E_COL;  // Bug: the columns outside S_COL..E_COL in between count too.
    const int blocks = (last - first + 1 + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    contiguous_sum<<<blocks, THREADS>>>(input, output, first, last);
    cudaDeviceSynchronize();
}
