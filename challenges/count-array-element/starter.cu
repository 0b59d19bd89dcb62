#include <cuda_runtime.h>

// Each thread could look at one element; the matches of all threads then have to be added up
// into output[0].
__global__ void count_equal_kernel(const int* input, int* output, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn: if input[i] equals K, add one to the count in output[0] (safely: many threads
        //       may find a match at the same time).
    }
}

// input and output are device pointers. output[0] holds garbage on entry.
extern "C" void solve(const int* input, int* output, int N, int K) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    count_equal_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, output, N, K);
    cudaDeviceSynchronize();
}
