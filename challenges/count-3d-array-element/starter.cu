#include <cuda_runtime.h>

// input is an N x M x K array stored depth by depth, each depth row by row:
// entry (dep, row, col) is input[(dep * M + row) * K + col].
// One thread per entry: x runs over the K columns, y over the M rows, z over the N depths.
__global__ void count_3d_kernel(const int* input, int* output, int N, int M, int K, int P) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int dep = blockIdx.z * blockDim.z + threadIdx.z;
    if (dep < N && row < M && col < K) {
        // Your turn: if entry (dep, row, col) equals P, add one to the count in output[0]
        //       (safely: many threads may find a match at the same time).
    }
}

// input and output are device pointers. output[0] holds garbage on entry.
extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    dim3 threadsPerBlock(8, 8, 8);
    dim3 blocksPerGrid((K + threadsPerBlock.x - 1) / threadsPerBlock.x,
                       (M + threadsPerBlock.y - 1) / threadsPerBlock.y,
                       (N + threadsPerBlock.z - 1) / threadsPerBlock.z);
    count_3d_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, output, N, M, K, P);
    cudaDeviceSynchronize();
}
