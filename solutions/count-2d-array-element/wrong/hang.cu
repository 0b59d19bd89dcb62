// WRONG (TLE): every block waits for a "go" flag that nothing ever sets.
//
// The flag was meant to be raised by a setup kernel that is never launched. Thread (0, 0) of
// each block spins on a volatile read, so the compiler must keep re-reading the flag and cannot
// delete the loop; the kernel never finishes and the judge stops it at the time limit.
#include <cuda_runtime.h>

__device__ int go_flag = 0;

__global__ void count_2d_kernel(const int* input, int* output, int N, int M, int K) {
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        const volatile int* go = &go_flag;
        while (*go == 0) {
            // Bug: the kernel that sets go_flag does not exist.
        }
    }
    __syncthreads();
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
