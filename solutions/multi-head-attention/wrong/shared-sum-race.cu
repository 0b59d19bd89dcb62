// WRONG: the softmax kernel adds every thread's exponentials into one __shared__ float with a
// plain `+=`: threads that read the running sum at the same time (all 32 lanes of a warp do) each
// store their own result, and all but one update is lost. The sum comes out too small and the
// outputs too large as soon as a row has more than one key (example 1). Use atomicAdd or a
// reduction. Scores and products are the tiled kernels of tiled.cu.
#include <cuda_runtime.h>

#define TILE 16
#define ROW_THREADS 256

__global__ void scores_kernel(const float* Q, const float* K, float* S, int N, int d_model, int dk, float scale) {
    __shared__ float Qs[TILE][TILE];
    __shared__ float Ks[TILE][TILE + 1];  // read down a column: the +1 avoids bank conflicts
    const int tx = threadIdx.x, ty = threadIdx.y, head = blockIdx.z;
    const int i = blockIdx.y * TILE + ty;     // query of this thread
    const int j = blockIdx.x * TILE + tx;     // key of this thread
    const int krow = blockIdx.x * TILE + ty;  // key row this thread loads
    Q += (size_t)head * dk;
    K += (size_t)head * dk;
    float acc = 0.0f;
    for (int t0 = 0; t0 < dk; t0 += TILE) {
        Qs[ty][tx] = (i < N && t0 + tx < dk) ? Q[(size_t)i * d_model + t0 + tx] : 0.0f;
        Ks[ty][tx] = (krow < N && t0 + tx < dk) ? K[(size_t)krow * d_model + t0 + tx] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Qs[ty][k] * Ks[tx][k];
        __syncthreads();
    }
    if (i < N && j < N) S[((size_t)head * N + i) * N + j] = acc * scale;
}

// One block per row of the h*N rows of S.
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

__global__ void output_kernel(const float* P, const float* V, float* O, int N, int d_model, int dk) {
    __shared__ float Ps[TILE][TILE];
    __shared__ float Vs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y, head = blockIdx.z;
    const int i = blockIdx.y * TILE + ty;  // query
    const int c = blockIdx.x * TILE + tx;  // column within the head
    P += (size_t)head * N * N;
    V += (size_t)head * dk;
    float acc = 0.0f;
    for (int j0 = 0; j0 < N; j0 += TILE) {
        Ps[ty][tx] = (i < N && j0 + tx < N) ? P[(size_t)i * N + j0 + tx] : 0.0f;
        Vs[ty][tx] = (j0 + ty < N && c < dk) ? V[(size_t)(j0 + ty) * d_model + c] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Ps[ty][k] * Vs[k][tx];
        __syncthreads();
    }
    if (i < N && c < dk) O[(size_t)i * d_model + (size_t)head * dk + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int N, int d_model, int h) {
    const int dk = d_model / h;
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)h * N * N);
    dim3 block(TILE, TILE);
    dim3 score_grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE, h);
    scores_kernel<<<score_grid, block>>>(Q, K, S, N, d_model, dk, 1.0f / sqrtf((float)dk));
    softmax_kernel<<<(unsigned)((long long)h * N), ROW_THREADS>>>(S, N);
    dim3 out_grid((dk + TILE - 1) / TILE, (N + TILE - 1) / TILE, h);
    output_kernel<<<out_grid, block>>>(S, V, output, N, d_model, dk);
    cudaFree(S);
}
