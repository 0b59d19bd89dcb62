#include <cuda_runtime.h>

// C must hold the M + N values of the sorted arrays A and B in ascending order. One way to start:
// A[i] belongs at C[i + (number of elements of B smaller than A[i])], which a binary search in B
// finds; B's elements need the same from A (counting A's elements that are equal, too, so that
// equal values do not collide).
__global__ void merge_kernel(const float* A, const float* B, float* C, int M, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < M + N) {
        // Your turn: write the element that goes to C[i], or put A[i] / B[i - M] where it goes.
    }
}

// A, B and C are device pointers. C holds garbage on entry.
extern "C" void solve(const float* A, const float* B, float* C, int M, int N) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (M + N + threadsPerBlock - 1) / threadsPerBlock;
    merge_kernel<<<blocksPerGrid, threadsPerBlock>>>(A, B, C, M, N);
    cudaDeviceSynchronize();
}
