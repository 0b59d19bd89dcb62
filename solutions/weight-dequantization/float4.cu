// 16-byte accesses: where N is a multiple of 4 (every row then starts on a 16-byte boundary), a
// thread reads four consecutive elements of a row as one float4, looks up their one scale
// (TILE_SIZE is a multiple of 4, so the four share a tile) and writes one float4: a quarter of
// the memory instructions of naive-2d, and a third of the scale lookups. A block of 256 threads
// covers 1,024 columns of one row (blockIdx.y). Other N fall back to one element per thread.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void dequantize_float4(const float* X, const float* S, float* Y, int N, int TILE_SIZE) {
    const int i = blockIdx.y;
    const int f = blockIdx.x * THREADS + threadIdx.x;  // float4 index within the row
    if (f >= N / 4) return;
    const int tiles_per_row = (N + TILE_SIZE - 1) / TILE_SIZE;
    const float s = S[(i / TILE_SIZE) * tiles_per_row + 4 * f / TILE_SIZE];
    const float4 x = reinterpret_cast<const float4*>(X + (size_t)i * N)[f];
    reinterpret_cast<float4*>(Y + (size_t)i * N)[f] = make_float4(x.x * s, x.y * s, x.z * s, x.w * s);
}

__global__ void dequantize_scalar(const float* X, const float* S, float* Y, int N, int TILE_SIZE) {
    const int i = blockIdx.y;
    const int j = blockIdx.x * THREADS + threadIdx.x;
    if (j >= N) return;
    const int tiles_per_row = (N + TILE_SIZE - 1) / TILE_SIZE;
    Y[(size_t)i * N + j] = X[(size_t)i * N + j] * S[(i / TILE_SIZE) * tiles_per_row + j / TILE_SIZE];
}

extern "C" void solve(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    if (N % 4 == 0) {
        const dim3 grid((N / 4 + THREADS - 1) / THREADS, M);
        dequantize_float4<<<grid, THREADS>>>(X, S, Y, N, TILE_SIZE);
    } else {
        const dim3 grid((N + THREADS - 1) / THREADS, M);
        dequantize_scalar<<<grid, THREADS>>>(X, S, Y, N, TILE_SIZE);
    }
    cudaDeviceSynchronize();
}
