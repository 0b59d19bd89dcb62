// WRONG: the softmax kernel adds every thread's exponentials into one __shared__ float with a
// plain `+=`: threads that read the running sum at the same time (all 32 lanes of a warp do) each
// store their own result, and all but one update is lost. The sum comes out too small and every
// output too large as soon as a row has more than one key (example 1). Use atomicAdd or a
// reduction. Scores and products are the tiled kernels of tiled.cu.
#include <cuda_runtime.h>

#define TILE 16
#define ROW_THREADS 256

__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int N, int d, float scale) {
    __shared__ float Qs[TILE][TILE];
    __shared__ float Ks[TILE][TILE + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.y * TILE + ty;
    const int j = blockIdx.x * TILE + tx;
    const int krow = blockIdx.x * TILE + ty;
    float acc = 0.0f;
    for (int t0 = 0; t0 < d; t0 += TILE) {
        Qs[ty][tx] = (i < M && t0 + tx < d) ? Q[(size_t)i * d + t0 + tx] : 0.0f;
        Ks[ty][tx] = (krow < N && t0 + tx < d) ? K[(size_t)krow * d + t0 + tx] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Qs[ty][k] * Ks[tx][k];
        __syncthreads();
    }
    if (i < M && j < N) S[(size_t)i * N + j] = acc * scale;
}

__global__ void softmax_kernel(float* S, int N) {
    __shared__ float row_max, row_sum;
    float* row = S + (size_t)blockIdx.x * N;
    const int tid = threadIdx.x;
    if (tid == 0) {
        float m = -INFINITY;
        for (int j = 0; j < N; ++j) m = fmaxf(m, row[j]);
        row_max = m;
        row_sum = 0.0f;
    }
    __syncthreads();
    for (int j = tid; j < N; j += ROW_THREADS) {
        const float e = expf(row[j] - row_max);
        row[j] = e;
        row_sum += e;  // the race: a read-modify-write of shared memory by many threads at once
    }
    __syncthreads();
    const float inv = 1.0f / row_sum;
    for (int j = tid; j < N; j += ROW_THREADS) row[j] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int N, int d) {
    __shared__ float Ps[TILE][TILE];
    __shared__ float Vs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.y * TILE + ty;
    const int c = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int j0 = 0; j0 < N; j0 += TILE) {
        Ps[ty][tx] = (i < M && j0 + tx < N) ? P[(size_t)i * N + j0 + tx] : 0.0f;
        Vs[ty][tx] = (j0 + ty < N && c < d) ? V[(size_t)(j0 + ty) * d + c] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Ps[ty][k] * Vs[k][tx];
        __syncthreads();
    }
    if (i < M && c < d) O[(size_t)i * d + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int d) {
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
