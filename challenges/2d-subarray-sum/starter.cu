#include <cuda_runtime.h>

// input is an N x M matrix stored row by row: entry (row, col) is input[row * M + col].
// One thread per entry of the subarray: x runs over its columns, y over its rows.
__global__ void subarray_2d_kernel(const int* input, int* output, int M, int S_ROW, int E_ROW,
                                   int S_COL, int E_COL) {
    int col = S_COL + blockIdx.x * blockDim.x + threadIdx.x;
    int row = S_ROW + blockIdx.y * blockDim.y + threadIdx.y;
    if (row <= E_ROW && col <= E_COL) {
        // Your turn: add input[row * M + col] to the total in output[0] (safely: many threads
        //       add at once).
    }
}

// input and output are device pointers. output[0] holds garbage on entry.
extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    dim3 threadsPerBlock(16, 16);
    dim3 blocksPerGrid((E_COL - S_COL + 1 + threadsPerBlock.x - 1) / threadsPerBlock.x,
                       (E_ROW - S_ROW + 1 + threadsPerBlock.y - 1) / threadsPerBlock.y);
    subarray_2d_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, output, M, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
