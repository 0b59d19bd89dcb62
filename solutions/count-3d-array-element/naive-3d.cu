// Naive: a 3-D grid of 8 x 8 x 8 blocks with one thread per entry and one atomicAdd per match.
//
// output[0] is zeroed with cudaMemset first. x runs over the K columns, y over the M rows and z
// over the N depths, so a warp covers 8 consecutive entries of four rows (four 32-byte pieces).
// A thread whose entry equals P adds 1 with atomicAdd. About 60 million entries match at the
// performance size, so the kernel is dominated by atomics on a single address (the compiler
// merges those of one warp, but each warp still sends one). The baseline of the ladder.
#include <cuda_runtime.h>

#define B 8

__global__ void count_3d_naive(const int* input, int* output, int N, int M, int K, int P) {
    const int col = blockIdx.x * B + threadIdx.x;
    const int row = blockIdx.y * B + threadIdx.y;
    const int dep = blockIdx.z * B + threadIdx.z;
    if (dep < N && row < M && col < K && input[(dep * M + row) * K + col] == P) atomicAdd(output, 1);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    cudaMemset(output, 0, sizeof(int));
    const dim3 threads(B, B, B);
    const dim3 blocks((K + B - 1) / B, (M + B - 1) / B, (N + B - 1) / B);
    count_3d_naive<<<blocks, threads>>>(input, output, N, M, K, P);
    cudaDeviceSynchronize();
}
