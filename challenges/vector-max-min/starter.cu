#include <cuda_runtime.h>

// Each thread could look at one element; the block's threads then have to combine their values
// into a block maximum and minimum, and the blocks have to combine theirs into result[0] (max)
// and result[1] (min).
__global__ void max_min_kernel(const float* input, float* result, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn: fold input[i] into the maximum (result[0]) and the minimum (result[1]).
    }
}

// input and result are device pointers. result[0] and result[1] hold garbage on entry.
extern "C" void solve(const float* input, float* result, int N) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    max_min_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, result, N);
    cudaDeviceSynchronize();
}
