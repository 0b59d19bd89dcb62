#include <cuda_fp16.h>
#include <cuda_runtime.h>

// Each thread could multiply one pair, converted to float: __half2float(A[i]) * __half2float(B[i]).
// The block's threads then have to add up their products in float, the blocks have to combine
// their sums, and the total is stored once as a half (__float2half).
__global__ void dot_product_kernel(const half* A, const half* B, half* result, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn.
    }
}

// A, B and result are device pointers. result[0] holds garbage on entry.
extern "C" void solve(const half* A, const half* B, half* result, int N) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    dot_product_kernel<<<blocksPerGrid, threadsPerBlock>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
