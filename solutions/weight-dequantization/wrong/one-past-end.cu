// WRONG (wrote outside): one thread per element of the flattened matrix, but the bounds check
// is k <= M * N, so the thread with k == M * N writes Y[M * N], one element past the end: a
// run-time error on example 1 already.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void dequantize_flat(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    const int k = blockIdx.x * THREADS + threadIdx.x;
    if (k <= M * N) {  // Bug: should be k < M * N
        const int i = k / N, j = k % N;
        const int tiles_per_row = (N + TILE_SIZE - 1) / TILE_SIZE;
        Y[k] = X[k] * S[(i / TILE_SIZE) * tiles_per_row + j / TILE_SIZE];
    }
}

extern "C" void solve(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    const int total = M * N;
    dequantize_flat<<<(total + THREADS) / THREADS, THREADS>>>(X, S, Y, M, N, TILE_SIZE);
    cudaDeviceSynchronize();
}
