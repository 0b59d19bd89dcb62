// WRONG (never written): the float4 kernel of best.cu with a scalar head up to each row's first
// 16-byte boundary but no scalar tail, so the last (N - head) % 4 elements of a row are never
// written. Example 2 (N = 17): row 0 loses column 16, row 1 (head of 3) columns 15 and 16.
#include <cuda_runtime.h>

#define THREADS 256
#define PER_THREAD 8

__global__ void dequantize_rows(const float* X, const float* S, float* Y, int N, int tiles_per_row,
                                int tile_shift) {
    const int i = blockIdx.y;
    const float* x = X + (size_t)i * N;
    float* y = Y + (size_t)i * N;
    const float* scales = S + (size_t)(i >> tile_shift) * tiles_per_row;
    const int head = min(N, (int)((4 - (((size_t)i * N) & 3)) & 3));
    const int n4 = (N - head) / 4;
    const float4* x4 = reinterpret_cast<const float4*>(x + head);
    float4* y4 = reinterpret_cast<float4*>(y + head);
    const int first = blockIdx.x * THREADS * PER_THREAD + threadIdx.x;
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
        const int f = first + k * THREADS;
        if (f < n4) {
            const int c = head + 4 * f;
            const float4 v = x4[f];
            y4[f] = make_float4(v.x * scales[c >> tile_shift], v.y * scales[(c + 1) >> tile_shift],
                                v.z * scales[(c + 2) >> tile_shift], v.w * scales[(c + 3) >> tile_shift]);
        }
    }
    if (blockIdx.x == 0 && threadIdx.x < head) y[threadIdx.x] = x[threadIdx.x] * scales[threadIdx.x >> tile_shift];
    // Bug: elements head + 4 * n4 .. N - 1 are left as they were
}

extern "C" void solve(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    int tile_shift = 0;
    while ((1 << tile_shift) < TILE_SIZE) ++tile_shift;
    const int tiles_per_row = (N + TILE_SIZE - 1) / TILE_SIZE;
    const int span = THREADS * PER_THREAD * 4;
    const dim3 grid((N + span - 1) / span, M);
    dequantize_rows<<<grid, THREADS>>>(X, S, Y, N, tiles_per_row, tile_shift);
    cudaDeviceSynchronize();
}
