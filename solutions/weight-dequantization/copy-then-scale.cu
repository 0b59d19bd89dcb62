// Two passes where one would do: cudaMemcpyAsync copies X into Y, then a kernel scales Y in
// place, a float4 per thread (N a multiple of 4; other N one element per thread) with one scale
// lookup per four elements, as float4.cu. Each pass is a memory-bound stream at about float4.cu's
// speed, but together they move 1 GB instead of 512 MB (Y is written, read back and written
// again): about twice float4.cu's time, ahead of expand-then-multiply.cu, whose passes are scalar.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void scale_float4(float* Y, const float* S, int N, int TILE_SIZE) {
    const int i = blockIdx.y;
    const int f = blockIdx.x * THREADS + threadIdx.x;  // float4 index within the row
    if (f >= N / 4) return;
    const int tiles_per_row = (N + TILE_SIZE - 1) / TILE_SIZE;
    const float s = S[(i / TILE_SIZE) * tiles_per_row + 4 * f / TILE_SIZE];
    float4* row = reinterpret_cast<float4*>(Y + (size_t)i * N);
    const float4 y = row[f];
    row[f] = make_float4(y.x * s, y.y * s, y.z * s, y.w * s);
}

__global__ void scale_scalar(float* Y, const float* S, int N, int TILE_SIZE) {
    const int i = blockIdx.y;
    const int j = blockIdx.x * THREADS + threadIdx.x;
    if (j >= N) return;
    const int tiles_per_row = (N + TILE_SIZE - 1) / TILE_SIZE;
    Y[(size_t)i * N + j] *= S[(i / TILE_SIZE) * tiles_per_row + j / TILE_SIZE];
}

extern "C" void solve(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    cudaMemcpyAsync(Y, X, (size_t)M * N * sizeof(float), cudaMemcpyDeviceToDevice);
    if (N % 4 == 0) {
        const dim3 grid((N / 4 + THREADS - 1) / THREADS, M);
        scale_float4<<<grid, THREADS>>>(Y, S, N, TILE_SIZE);
    } else {
        const dim3 grid((N + THREADS - 1) / THREADS, M);
        scale_scalar<<<grid, THREADS>>>(Y, S, N, TILE_SIZE);
    }
    cudaDeviceSynchronize();
}
