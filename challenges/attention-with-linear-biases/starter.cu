#include <cuda_runtime.h>

// One thread could own one query row i: score it against every key j as
// Q[i] . K[j] / sqrt(d) + alpha * (i - j), take the softmax over j, and write output[i][0..d).
__global__ void solve_kernel(const float* Q, const float* K, const float* V, float* output, int M, int N, int d,
                             float alpha) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < M) {
        // Your turn.
    }
}

// Q, K, V, output are device pointers; alpha is a value.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int d, float alpha) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (M + threadsPerBlock - 1) / threadsPerBlock;
    solve_kernel<<<blocksPerGrid, threadsPerBlock>>>(Q, K, V, output, M, N, d, alpha);
    cudaDeviceSynchronize();
}
