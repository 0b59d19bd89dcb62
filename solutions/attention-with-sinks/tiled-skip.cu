// Three kernels over an M x M scratch, both products from 16 x 16 shared-memory tiles, and blocks
// of keys that no query of the tile may see are skipped: a score tile with no allowed pair exits
// at once, the softmax (a block of 256 threads per row, shuffle reductions) walks only the row's
// sinks and window, and the output kernel skips the key tiles its 16 queries cannot see. Scores
// the mask removes inside a computed tile are never read.
#include <cuda_runtime.h>

#define TILE 16
#define ROW_THREADS 256

__device__ __forceinline__ bool allowed(int i, int j, int ns, int w) {
    return j <= i && (j < ns || j >= i - w + 1);
}

// Does any query r0 .. r0+15 see any key c0 .. c0+15? (Exact: the earliest row's window, or a sink
// at or before the last row.)
__device__ __forceinline__ bool tile_needed(int r0, int c0, int ns, int w) {
    return c0 <= r0 + TILE - 1 && (c0 < ns || c0 + TILE - 1 >= r0 - w + 1);
}

__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int d, int ns, int w, float scale) {
    __shared__ float Qs[TILE][TILE];
    __shared__ float Ks[TILE][TILE + 1];  // read down a column: the +1 avoids bank conflicts
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int r0 = blockIdx.y * TILE, c0 = blockIdx.x * TILE;
    if (!tile_needed(r0, c0, ns, w)) return;  // the whole block leaves together
    const int i = r0 + ty, j = c0 + tx, krow = c0 + ty;
    float acc = 0.0f;
    for (int t0 = 0; t0 < d; t0 += TILE) {
        Qs[ty][tx] = (i < M && t0 + tx < d) ? Q[(size_t)i * d + t0 + tx] : 0.0f;
        Ks[ty][tx] = (krow < M && t0 + tx < d) ? K[(size_t)krow * d + t0 + tx] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Qs[ty][k] * Ks[tx][k];
        __syncthreads();
    }
    if (i < M && j < M) S[(size_t)i * M + j] = acc * scale;  // masked ones are never read
}

__device__ float block_reduce(float v, bool is_max, float* red) {
    for (int o = 16; o > 0; o >>= 1) {
        const float other = __shfl_xor_sync(0xffffffffu, v, o);
        v = is_max ? fmaxf(v, other) : v + other;
    }
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) red[warp] = v;
    __syncthreads();
    v = red[0];
    for (int k = 1; k < ROW_THREADS / 32; ++k) v = is_max ? fmaxf(v, red[k]) : v + red[k];
    __syncthreads();  // red is reused by the next reduction
    return v;
}

// One block per row over its allowed keys, numbered t < n: t < sink_end is key t, the rest are
// win_lo + (t - sink_end). Writes the probabilities there; the other entries stay unread.
__global__ void softmax_kernel(float* S, int M, int ns, int w) {
    __shared__ float red[ROW_THREADS / 32];
    const int i = blockIdx.x, tid = threadIdx.x;
    const int sink_end = min(ns, i + 1), win_lo = max(ns, i - w + 1);
    const int n = sink_end + max(0, i - win_lo + 1);
    float* row = S + (size_t)i * M;
    float m = -INFINITY;
    for (int t = tid; t < n; t += ROW_THREADS) m = fmaxf(m, row[t < sink_end ? t : win_lo + t - sink_end]);
    m = block_reduce(m, true, red);
    float sum = 0.0f;
    for (int t = tid; t < n; t += ROW_THREADS) {
        const int j = t < sink_end ? t : win_lo + t - sink_end;
        const float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    const float inv = 1.0f / block_reduce(sum, false, red);
    for (int t = tid; t < n; t += ROW_THREADS) row[t < sink_end ? t : win_lo + t - sink_end] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int d, int ns, int w) {
    __shared__ float Ps[TILE][TILE];
    __shared__ float Vs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int r0 = blockIdx.y * TILE;
    const int i = r0 + ty;                 // query
    const int c = blockIdx.x * TILE + tx;  // output column
    float acc = 0.0f;
    const int last = min(M, r0 + TILE);  // no query of the block sees a key past its last row
    for (int j0 = 0; j0 < last; j0 += TILE) {
        if (!tile_needed(r0, j0, ns, w)) continue;  // the same for the whole block
        const int jp = j0 + tx;
        Ps[ty][tx] = (i < M && jp < M && allowed(i, jp, ns, w)) ? P[(size_t)i * M + jp] : 0.0f;
        Vs[ty][tx] = (j0 + ty < M && c < d) ? V[(size_t)(j0 + ty) * d + c] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Ps[ty][k] * Vs[k][tx];
        __syncthreads();
    }
    if (i < M && c < d) O[(size_t)i * d + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int num_sinks,
                      int window_size) {
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * M);
    dim3 block(TILE, TILE);
    scores_kernel<<<dim3((M + TILE - 1) / TILE, (M + TILE - 1) / TILE), block>>>(Q, K, S, M, d, num_sinks, window_size,
                                                                                 1.0f / sqrtf((float)d));
    softmax_kernel<<<M, ROW_THREADS>>>(S, M, num_sinks, window_size);
    output_kernel<<<dim3((d + TILE - 1) / TILE, (M + TILE - 1) / TILE), block>>>(S, V, output, M, d, num_sinks,
                                                                                 window_size);
    cudaFree(S);
}
