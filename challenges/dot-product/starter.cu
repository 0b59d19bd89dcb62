#include <cuda_runtime.h>

// Each thread could multiply one pair A[i] * B[i]; the block's threads then have to add up their
// products, and the blocks have to combine their sums into result[0].
__global__ void dot_product_kernel(const float* A, const float* B, float* result, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn: add A[i] * B[i] into the total stored in result[0].
    }
}

// A, B and result are device pointers. result[0] holds garbage on entry.
extern "C" void solve(const float* A, const float* B, float* result, int N) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    dot_product_kernel<<<blocksPerGrid, threadsPerBlock>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
