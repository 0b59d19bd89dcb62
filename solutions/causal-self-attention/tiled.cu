// Three kernels with an M x M scratch matrix, both products from 16 x 16 shared-memory tiles,
// and a block of 256 threads per row for the softmax with warp-shuffle reductions. Score tiles
// wholly after their queries are written as -inf without any products, and the output product
// stops at the diagonal tile, so the masked half costs only its stores and the softmax pass.
#include <cuda_runtime.h>

#define TILE 16
#define ROW_THREADS 256

__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int N, int d, float scale) {
    __shared__ float Qs[TILE][TILE];
    __shared__ float Ks[TILE][TILE + 1];  // read down a column: the +1 avoids bank conflicts
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.y * TILE + ty;
    const int j = blockIdx.x * TILE + tx;
    const int krow = blockIdx.x * TILE + ty;
    if (blockIdx.x > blockIdx.y) {  // the whole tile lies after its queries: masked, no products
        if (i < M && j < N) S[(size_t)i * N + j] = -INFINITY;
        return;
    }
    float acc = 0.0f;
    for (int t0 = 0; t0 < d; t0 += TILE) {
        Qs[ty][tx] = (i < M && t0 + tx < d) ? Q[(size_t)i * d + t0 + tx] : 0.0f;
        Ks[ty][tx] = (krow < N && t0 + tx < d) ? K[(size_t)krow * d + t0 + tx] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Qs[ty][k] * Ks[tx][k];
        __syncthreads();
    }
    if (i < M && j < N) S[(size_t)i * N + j] = j <= i ? acc * scale : -INFINITY;
}

__device__ float block_reduce(float v, bool is_max, float* red) {
    for (int o = 16; o > 0; o >>= 1) {
        float other = __shfl_xor_sync(0xffffffffu, v, o);
        v = is_max ? fmaxf(v, other) : v + other;
    }
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) red[warp] = v;
    __syncthreads();
    v = red[0];
    for (int w = 1; w < ROW_THREADS / 32; ++w) v = is_max ? fmaxf(v, red[w]) : v + red[w];
    __syncthreads();  // red is reused by the next reduction
    return v;
}

__global__ void softmax_kernel(float* S, int N) {
    __shared__ float red[ROW_THREADS / 32];
    float* row = S + (size_t)blockIdx.x * N;
    const int tid = threadIdx.x;
    float m = -INFINITY;
    for (int j = tid; j < N; j += ROW_THREADS) m = fmaxf(m, row[j]);
    m = block_reduce(m, true, red);
    float sum = 0.0f;
    for (int j = tid; j < N; j += ROW_THREADS) {
        float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    const float inv = 1.0f / block_reduce(sum, false, red);
    for (int j = tid; j < N; j += ROW_THREADS) row[j] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int N, int d) {
    __shared__ float Ps[TILE][TILE];
    __shared__ float Vs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.y * TILE + ty;  // query
    const int c = blockIdx.x * TILE + tx;  // output column
    float acc = 0.0f;
    const int keys = min(N, (int)(blockIdx.y + 1) * TILE);  // P is 0 after the diagonal tile
    for (int j0 = 0; j0 < keys; j0 += TILE) {
        Ps[ty][tx] = (i < M && j0 + tx < N) ? P[(size_t)i * N + j0 + tx] : 0.0f;
        Vs[ty][tx] = (j0 + ty < N && c < d) ? V[(size_t)(j0 + ty) * d + c] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Ps[ty][k] * Vs[k][tx];
        __syncthreads();
    }
    if (i < M && c < d) O[(size_t)i * d + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d) {
    const int N = M;  // self-attention: the keys are the same M positions as the queries
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * N);
    dim3 block(TILE, TILE);
    dim3 score_grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    scores_kernel<<<score_grid, block>>>(Q, K, S, M, N, d, 1.0f / sqrtf((float)d));
    softmax_kernel<<<M, ROW_THREADS>>>(S, N);
    dim3 out_grid((d + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    output_kernel<<<out_grid, block>>>(S, V, output, M, N, d);
    cudaFree(S);
}
