// WRONG (TLE): a "last block finishes" scheme whose blocks wait for the wrong number of peers.
//
// Every block adds its count, bumps an arrival counter, and thread 0 then waits until
// gridDim.x + 1 blocks have arrived -- one more than exist. The wait spins on a volatile read,
// so the compiler keeps the loop, and the kernel never finishes; the judge stops it at the time
// limit.
#include <cuda_runtime.h>

__device__ unsigned int arrived = 0;

__global__ void count_then_wait(const int* input, int* output, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N && input[i] == K) atomicAdd(output, 1);
    __syncthreads();
    if (threadIdx.x == 0) {
        atomicAdd(&arrived, 1u);
        const volatile unsigned int* count = &arrived;
        while (*count < gridDim.x + 1) {
            // Bug: off by one, this never becomes true.
        }
    }
    __syncthreads();
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    cudaMemset(output, 0, sizeof(int));
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    count_then_wait<<<blocks, threads>>>(input, output, N, K);
    cudaDeviceSynchronize();
}
