// Naive: a 2-D grid with one thread per matrix entry and one atomicAdd per match.
//
// output[0] holds garbage on entry, so it is zeroed with cudaMemset first. Blocks are 16 x 16
// threads; x runs over the M columns and y over the N rows, so the 16 threads of a row segment
// read 64 consecutive bytes. A thread whose entry equals K adds 1 with atomicAdd. At the
// performance size about 50 million entries match, so the kernel is dominated by atomics on a
// single address (the compiler may merge those of one warp, but each warp still sends one).
// This is the baseline of the ladder.
#include <cuda_runtime.h>

__global__ void count_2d_kernel(const int* input, int* output, int N, int M, int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < M && input[row * M + col] == K) atomicAdd(output, 1);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K) {
    cudaMemset(output, 0, sizeof(int));
    const dim3 threads(16, 16);
    const dim3 blocks((M + threads.x - 1) / threads.x, (N + threads.y - 1) / threads.y);
    count_2d_kernel<<<blocks, threads>>>(input, output, N, M, K);
    cudaDeviceSynchronize();
}
