#include <cuda_runtime.h>

// out must hold the positive elements of A in their original order, then zeros. The hard part is
// the position: element i goes to out[number of positive elements before i], a prefix sum over the
// "is positive" flags.
__global__ void compact_kernel(const float* A, int N, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn: if A[i] > 0, write it to its place in out; every other element of out must
        // end up 0.
    }
}

// A and out are device pointers. out is all zeros on entry.
extern "C" void solve(const float* A, int N, float* out) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    compact_kernel<<<blocksPerGrid, threadsPerBlock>>>(A, N, out);
    cudaDeviceSynchronize();
}
