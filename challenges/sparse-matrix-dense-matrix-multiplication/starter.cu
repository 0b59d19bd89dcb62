#include <cuda_runtime.h>

// One thread could compute C[row][col]: the dot product of row `row` of A (skipping its zeros,
// if you like) with column `col` of B.
__global__ void spmm_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < M && col < K) {
        // Your turn.
    }
}

// A, B, C are device pointers.
extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
    dim3 threadsPerBlock(16, 16);
    dim3 blocksPerGrid((K + threadsPerBlock.x - 1) / threadsPerBlock.x,
                       (M + threadsPerBlock.y - 1) / threadsPerBlock.y);
    spmm_kernel<<<blocksPerGrid, threadsPerBlock>>>(A, B, C, M, N, K);
    cudaDeviceSynchronize();
}
