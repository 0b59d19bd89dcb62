#include <cuda_runtime.h>

// input is an N x M x K array stored depth by depth, each depth row by row:
// entry (dep, row, col) is input[(dep * M + row) * K + col].
// One thread per entry of the subarray: x runs over its columns, y over its rows, z over its depths.
__global__ void subarray_3d_kernel(const int* input, int* output, int M, int K, int S_DEP, int E_DEP,
                                   int S_ROW, int E_ROW, int S_COL, int E_COL) {
    int col = S_COL + blockIdx.x * blockDim.x + threadIdx.x;
    int row = S_ROW + blockIdx.y * blockDim.y + threadIdx.y;
    int dep = S_DEP + blockIdx.z * blockDim.z + threadIdx.z;
    if (dep <= E_DEP && row <= E_ROW && col <= E_COL) {
        // Your turn: add input[(dep * M + row) * K + col] to the total in output[0] (safely: many
        //       threads add at once).
    }
}

// input and output are device pointers. output[0] holds garbage on entry.
extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    dim3 threadsPerBlock(32, 8, 1);
    dim3 blocksPerGrid((E_COL - S_COL + 1 + threadsPerBlock.x - 1) / threadsPerBlock.x,
                       (E_ROW - S_ROW + 1 + threadsPerBlock.y - 1) / threadsPerBlock.y,
                       (E_DEP - S_DEP + 1 + threadsPerBlock.z - 1) / threadsPerBlock.z);
    subarray_3d_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, output, M, K, S_DEP, E_DEP, S_ROW, E_ROW,
                                                           S_COL, E_COL);
    cudaDeviceSynchronize();
}
