// WRONG: the number of scales per row of tiles is taken as N / TILE_SIZE, rounded down, instead
// of rounded up. Where N is not a multiple of TILE_SIZE every row of tiles after the first reads
// its scales too early in S. Example 3 (N = 2, TILE_SIZE = 16) finds 0 scales per row, so its
// row 16 takes S[0] = 1.5 instead of S[1] = -4.
#include <cuda_runtime.h>

__global__ void dequantize_2d(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < M && j < N) {
        const int tiles_per_row = N / TILE_SIZE;  // Bug: a partial last tile still has a scale
        Y[(size_t)i * N + j] = X[(size_t)i * N + j] * S[(i / TILE_SIZE) * tiles_per_row + j / TILE_SIZE];
    }
}

extern "C" void solve(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    const dim3 block(32, 8);
    const dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
    dequantize_2d<<<grid, block>>>(X, S, Y, M, N, TILE_SIZE);
    cudaDeviceSynchronize();
}
