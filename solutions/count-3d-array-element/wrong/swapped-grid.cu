// WRONG (WA): the grid's x and z sizes are computed from N and K the wrong way round.
//
// The kernel is right (x runs over the K columns, y over the M rows, z over the N depths, with
// correct bounds), but the launch sizes x from N and z from K. The examples are so small that one
// 8 x 8 x 8 block covers them either way; on depth-line (1000 x 1 x 1) the grid has a single
// block in z, so only the first 8 depths are counted: wrong answer.
#include <cuda_runtime.h>

#define B 8

__global__ void count_3d_kernel(const int* input, int* output, int N, int M, int K, int P) {
    const int col = blockIdx.x * B + threadIdx.x;
    const int row = blockIdx.y * B + threadIdx.y;
    const int dep = blockIdx.z * B + threadIdx.z;
    if (dep < N && row < M && col < K && input[(dep * M + row) * K + col] == P) atomicAdd(output, 1);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    cudaMemset(output, 0, sizeof(int));
    const dim3 threads(B, B, B);
    // Bug: x must cover the K columns and z the N depths.
    const dim3 blocks((N + B - 1) / B, (M + B - 1) / B, (K + B - 1) / B);
    count_3d_kernel<<<blocks, threads>>>(input, output, N, M, K, P);
    cudaDeviceSynchronize();
}
