// WRONG (WA): every matching thread does a plain `*output += 1`.
//
// The increment is a load, an add and a store. The lanes of a warp that match all load the same
// old value and all store old + 1, and different warps overwrite each other too, so most
// increments are lost. Example 1 has three matches in one warp and ends up with 1, not 3.
#include <cuda_runtime.h>

__global__ void count_equal_kernel(const int* input, int* output, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N && input[i] == K) *output += 1;  // Bug: not atomic.
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    cudaMemset(output, 0, sizeof(int));
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    count_equal_kernel<<<blocks, threads>>>(input, output, N, K);
    cudaDeviceSynchronize();
}
