// tiled-scores with one block of 256 threads per softmax row: consecutive threads read consecutive
// scores and the maximum and sum are warp-shuffle reductions, instead of one thread walking a
// whole row of 2048 scores three times. The output kernel is still the naive one.
#include <cuda_runtime.h>

#define TILE 16

// 16 x 16 tiles of Q and K in shared memory: every value loaded is used 16 times.
__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int N, int d, float scale, float alpha) {
    __shared__ float Qs[TILE][TILE];
    __shared__ float Ks[TILE][TILE + 1];  // read down a column: the +1 avoids bank conflicts
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int i = blockIdx.y * TILE + ty;     // query of this thread
    const int j = blockIdx.x * TILE + tx;     // key of this thread
    const int krow = blockIdx.x * TILE + ty;  // key row this thread loads
    float acc = 0.0f;
    for (int t0 = 0; t0 < d; t0 += TILE) {
        Qs[ty][tx] = (i < M && t0 + tx < d) ? Q[(size_t)i * d + t0 + tx] : 0.0f;
        Ks[ty][tx] = (krow < N && t0 + tx < d) ? K[(size_t)krow * d + t0 + tx] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Qs[ty][k] * Ks[tx][k];
        __syncthreads();
    }
    if (i < M && j < N) S[(size_t)i * N + j] = acc * scale + alpha * (float)(i - j);
}

#define ROW_THREADS 256

__device__ float block_reduce(float v, bool is_max, float* red) {
    for (int o = 16; o > 0; o >>= 1) {
        const float other = __shfl_xor_sync(0xffffffffu, v, o);
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

// One block per row: coalesced passes, warp-shuffle reductions.
__global__ void softmax_kernel(float* S, int M, int N) {
    __shared__ float red[ROW_THREADS / 32];
    float* row = S + (size_t)blockIdx.x * N;
    const int tid = threadIdx.x;
    float m = -INFINITY;
    for (int j = tid; j < N; j += ROW_THREADS) m = fmaxf(m, row[j]);
    m = block_reduce(m, true, red);
    float sum = 0.0f;
    for (int j = tid; j < N; j += ROW_THREADS) {
        const float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    const float inv = 1.0f / block_reduce(sum, false, red);
    for (int j = tid; j < N; j += ROW_THREADS) row[j] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int N, int d) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= M || c >= d) return;
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += P[(size_t)i * N + j] * V[(size_t)j * d + c];
    O[(size_t)i * d + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int d, float alpha) {
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * N);
    dim3 block(16, 16);
    scores_kernel<<<dim3((N + TILE - 1) / TILE, (M + TILE - 1) / TILE), block>>>(Q, K, S, M, N, d,
                                                                                 1.0f / sqrtf((float)d), alpha);
    softmax_kernel<<<M, ROW_THREADS>>>(S, M, N);
    output_kernel<<<dim3((d + 15) / 16, (M + 15) / 16), block>>>(S, V, output, M, N, d);
    cudaFree(S);
}
