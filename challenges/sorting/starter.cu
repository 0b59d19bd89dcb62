#include <cuda_runtime.h>

// One way to start: a bitonic sorting network. For a power-of-two length P, the stages
// (k = 2, 4, ..., P; j = k / 2, ..., 1) each compare-exchange the pairs (i, i + j); a pair goes in
// ascending order where (i & k) == 0 and descending order otherwise. Other lengths need padding
// (with a value larger than every input) in a buffer of your own.
__global__ void bitonic_step(float* data, int j, int k, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn: the partner of i is i ^ j; compare-exchange once per pair.
    }
}

// data (N floats) is a device pointer: sort it in place, ascending.
extern "C" void solve(float* data, int N) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    bitonic_step<<<blocksPerGrid, threadsPerBlock>>>(data, 1, 2, N);
    cudaDeviceSynchronize();
}
