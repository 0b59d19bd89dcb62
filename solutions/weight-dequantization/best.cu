// Best: a block of 256 threads per row (blockIdx.y), eight float4s per thread (a row of up to
// 8,192 columns in one block), every load issued before any multiply: 128 bytes per thread in
// flight. No division anywhere: TILE_SIZE is a power of two, so a tile index is a shift, and
// the block's row of scales is found once. X is read with streaming loads and Y written with
// streaming stores (each is touched once, so neither should crowd the scales out of cache).
// Rows that do not start on a 16-byte boundary (N not a multiple of 4) are still done in
// float4s: a scalar head up to the boundary, an aligned float4 body whose four columns may
// straddle two tiles, and a scalar tail.
#include <cuda_runtime.h>

#define THREADS 256
#define PER_THREAD 8

template <bool ALIGNED>
__global__ void __launch_bounds__(THREADS) dequantize_rows(const float* X, const float* S, float* Y, int N,
                                                           int tiles_per_row, int tile_shift) {
    const int i = blockIdx.y;
    const float* x = X + (size_t)i * N;
    float* y = Y + (size_t)i * N;
    const float* scales = S + (size_t)(i >> tile_shift) * tiles_per_row;
    // Elements before the row's first 16-byte boundary (the buffers start on 256-byte boundaries).
    const int head = ALIGNED ? 0 : min(N, (int)((4 - (((size_t)i * N) & 3)) & 3));
    const int n4 = (N - head) / 4;
    const float4* x4 = reinterpret_cast<const float4*>(x + head);
    float4* y4 = reinterpret_cast<float4*>(y + head);
    const int first = blockIdx.x * THREADS * PER_THREAD + threadIdx.x;

    float4 v[PER_THREAD];
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
        const int f = first + k * THREADS;
        if (f < n4) v[k] = __ldcs(x4 + f);
    }
#pragma unroll
    for (int k = 0; k < PER_THREAD; ++k) {
        const int f = first + k * THREADS;
        if (f < n4) {
            const int c = head + 4 * f;
            float4 r;
            if (ALIGNED) {  // c is a multiple of 4, and so is TILE_SIZE: one tile
                const float s = __ldg(scales + (c >> tile_shift));
                r = make_float4(v[k].x * s, v[k].y * s, v[k].z * s, v[k].w * s);
            } else {
                r = make_float4(v[k].x * __ldg(scales + (c >> tile_shift)),
                                v[k].y * __ldg(scales + ((c + 1) >> tile_shift)),
                                v[k].z * __ldg(scales + ((c + 2) >> tile_shift)),
                                v[k].w * __ldg(scales + ((c + 3) >> tile_shift)));
            }
            __stcs(y4 + f, r);
        }
    }
    if (!ALIGNED && blockIdx.x == 0) {
        const int tail = head + 4 * n4;  // the last (N - head) % 4 elements
        const int t = threadIdx.x;
        if (t < head) y[t] = x[t] * scales[t >> tile_shift];
        if (t >= 4 && t - 4 < N - tail) y[tail + t - 4] = x[tail + t - 4] * scales[(tail + t - 4) >> tile_shift];
    }
}

extern "C" void solve(const float* X, const float* S, float* Y, int M, int N, int TILE_SIZE) {
    int tile_shift = 0;
    while ((1 << tile_shift) < TILE_SIZE) ++tile_shift;  // TILE_SIZE is 16, 32, 64 or 128
    const int tiles_per_row = (N + TILE_SIZE - 1) / TILE_SIZE;
    const int span = THREADS * PER_THREAD * 4;  // columns per block
    const dim3 grid((N + span - 1) / span, M);
    if (N % 4 == 0)
        dequantize_rows<true><<<grid, THREADS>>>(X, S, Y, N, tiles_per_row, tile_shift);
    else
        dequantize_rows<false><<<grid, THREADS>>>(X, S, Y, N, tiles_per_row, tile_shift);
    cudaDeviceSynchronize();
}
