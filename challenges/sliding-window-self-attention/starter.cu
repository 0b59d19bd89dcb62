#include <cuda_runtime.h>

// One thread could own one query row i: score it against the keys j with |i - j| <= window_size
// (and 0 <= j < M), take the softmax over that band, and write output[i][0..d).
__global__ void solve_kernel(const float* Q, const float* K, const float* V, float* output, int M, int d,
                             int window_size) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < M) {
        // Your turn.
    }
}

// Q, K, V, output are device pointers.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int window_size) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (M + threadsPerBlock - 1) / threadsPerBlock;
    solve_kernel<<<blocksPerGrid, threadsPerBlock>>>(Q, K, V, output, M, d, window_size);
    cudaDeviceSynchronize();
}
