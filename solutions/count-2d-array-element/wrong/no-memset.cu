// WRONG (WA): per-block counts are added into output[0] with atomicAdd, but output is never
// zeroed.
//
// output holds the judge's poison pattern (0xFFA5A5A5, i.e. -5921371) on entry, so the result
// is the count plus garbage: wrong on the first example.
#include <cuda_runtime.h>

__global__ void count_2d_kernel(const int* input, int* output, int N, int M, int K) {
    __shared__ int block_count;
    if (threadIdx.x == 0 && threadIdx.y == 0) block_count = 0;
    __syncthreads();
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < M && input[row * M + col] == K) atomicAdd(&block_count, 1);
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && block_count != 0) atomicAdd(output, block_count);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K) {
    // Bug: missing cudaMemset(output, 0, sizeof(int)).
    const dim3 threads(16, 16);
    const dim3 blocks((M + threads.x - 1) / threads.x, (N + threads.y - 1) / threads.y);
    count_2d_kernel<<<blocks, threads>>>(input, output, N, M, K);
    cudaDeviceSynchronize();
}
