// Three kernels over all heads (blockIdx.z is the head) with an h x N x N scratch tensor, the
// scores now from 16 x 16 shared-memory tiles: a block stages 16 query rows and 16 key rows of
// the head, 16 columns at a time, and every value it loads is used 16 times. The softmax (one
// thread per row) and the output kernel are still the naive ones.
#include <cuda_runtime.h>

#define TILE 16

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

// One thread per row of the h*N rows of S, three passes.
__global__ void softmax_kernel(float* S, long long rows, int N) {
    long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float* row = S + (size_t)r * N;
    float m = -INFINITY;
    for (int j = 0; j < N; ++j) m = fmaxf(m, row[j]);
    float sum = 0.0f;
    for (int j = 0; j < N; ++j) {
        float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    float inv = 1.0f / sum;
    for (int j = 0; j < N; ++j) row[j] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int N, int d_model, int dk) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;  // column within the head
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    const int head = blockIdx.z;
    if (i >= N || c >= dk) return;
    const float* p = P + ((size_t)head * N + i) * N;
    const float* v = V + (size_t)head * dk + c;
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += p[j] * v[(size_t)j * d_model];
    O[(size_t)i * d_model + (size_t)head * dk + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int N, int d_model, int h) {
    const int dk = d_model / h;
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)h * N * N);
    dim3 block(TILE, TILE);
    dim3 score_grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE, h);
    scores_kernel<<<score_grid, block>>>(Q, K, S, N, d_model, dk, 1.0f / sqrtf((float)dk));
    const long long rows = (long long)h * N;
    softmax_kernel<<<(unsigned)((rows + 255) / 256), 256>>>(S, rows, N);
    dim3 out_grid((dk + TILE - 1) / TILE, (N + TILE - 1) / TILE, h);
    output_kernel<<<out_grid, block>>>(S, V, output, N, d_model, dk);
    cudaFree(S);
}
