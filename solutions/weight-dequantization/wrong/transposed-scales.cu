// WRONG: reads S as if it were stored column by column, the scale of tile (p, q) at
// q * ceil(M / TILE_SIZE) + p instead of p * ceil(N / TILE_SIZE) + q. The two agree while S has
// one row or one column of scales, as in every example, but test distinct-scales-256x256-t16
// (16 x 16 distinct scales) gets every tile off the diagonal wrong.
#include <cuda_runtime.h>

__global__ void dequantize_2d(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < M && j < N) {
        const int tiles_per_column = (M + TILE_SIZE - 1) / TILE_SIZE;
        // Bug: S is row-major, [i / TILE_SIZE][j / TILE_SIZE]
        Y[(size_t)i * N + j] = X[(size_t)i * N + j] * S[(j / TILE_SIZE) * tiles_per_column + i / TILE_SIZE];
    }
}

extern "C" void solve(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    const dim3 block(32, 8);
    const dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
    dequantize_2d<<<grid, block>>>(X, S, Y, M, N, TILE_SIZE);
    cudaDeviceSynchronize();
}
