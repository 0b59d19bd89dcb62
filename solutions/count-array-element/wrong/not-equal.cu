// WRONG (WA): the comparison is inverted, so it counts the elements that differ from K.
//
// Everything else is right (memset, atomics), so the judge reports a plain mismatch: example 1
// gives 2 instead of 3.
#include <cuda_runtime.h>

__global__ void count_kernel(const int* input, int* output, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N && input[i] != K) atomicAdd(output, 1);  // Bug: should be ==.
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    cudaMemset(output, 0, sizeof(int));
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    count_kernel<<<blocks, threads>>>(input, output, N, K);
    cudaDeviceSynchronize();
}
