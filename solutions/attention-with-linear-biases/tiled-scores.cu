// Three kernels and an M x N scratch matrix, the biased scores now from 16 x 16 shared-memory
// tiles of Q and K, so each value loaded from global memory is used 16 times. The softmax (one
// thread per row) and the output kernel are still the naive ones.
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

// One thread per row: maximum, exponentials and their sum, normalize.
__global__ void softmax_kernel(float* S, int M, int N) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M) return;
    float* row = S + (size_t)i * N;
    float m = -INFINITY;
    for (int j = 0; j < N; ++j) m = fmaxf(m, row[j]);
    float sum = 0.0f;
    for (int j = 0; j < N; ++j) {
        const float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    const float inv = 1.0f / sum;
    for (int j = 0; j < N; ++j) row[j] *= inv;
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
    softmax_kernel<<<(M + 255) / 256, 256>>>(S, M, N);
    output_kernel<<<dim3((d + 15) / 16, (M + 15) / 16), block>>>(S, V, output, M, N, d);
    cudaFree(S);
}
