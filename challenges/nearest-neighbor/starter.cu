#include <cuda_runtime.h>

// One thread could find the nearest other point of point i, comparing squared distances.
__global__ void nearest_neighbor_kernel(const float* points, int* indices, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn.
    }
}

// points, indices are device pointers.
extern "C" void solve(const float* points, int* indices, int N) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    nearest_neighbor_kernel<<<blocksPerGrid, threadsPerBlock>>>(points, indices, N);
    cudaDeviceSynchronize();
}
