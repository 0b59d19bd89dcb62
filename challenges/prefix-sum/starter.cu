#include <cuda_runtime.h>

// output[i] must be input[0] + input[1] + ... + input[i]. One way to start: each block scans its
// own slice in shared memory; the blocks then need the totals of all the slices before theirs,
// which other kernels (or passes) have to provide.
__global__ void scan_kernel(const float* input, float* output, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn: write the sum of input[0..i] into output[i].
    }
}

// input and output are device pointers. output holds garbage on entry.
extern "C" void solve(const float* input, float* output, int N) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    scan_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, output, N);
    cudaDeviceSynchronize();
}
