// WRONG (WA): atomicAdd into output[0] without zeroing it first.
//
// output holds the judge's poison pattern (0xFFA5A5A5, i.e. -5921371) on entry, so the answer
// is the count plus garbage: wrong on the first example. (When nothing matches, output is never
// touched at all and the judge also reports it as never written.)
#include <cuda_runtime.h>

__global__ void count_equal_kernel(const int* input, int* output, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N && input[i] == K) atomicAdd(output, 1);
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    // Bug: missing cudaMemset(output, 0, sizeof(int)).
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    count_equal_kernel<<<blocks, threads>>>(input, output, N, K);
    cudaDeviceSynchronize();
}
