// Three kernels over all heads (blockIdx.z is the head) with an H x M x N scratch tensor, the
// scores now from 16 x 16 shared-memory tiles: a block stages 16 query rows and 16 key rows of
// the head, 16 floats at a time, and every value it loads is used 16 times. The softmax (one
// thread per row) and the output kernel are still the naive ones.
#include <cuda_runtime.h>

#define TILE 16

__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int N, int H, int D, float scale) {
    __shared__ float Qs[TILE][TILE];
    __shared__ float Ks[TILE][TILE + 1];  // read down a column: the +1 avoids bank conflicts
    const int tx = threadIdx.x, ty = threadIdx.y, h = blockIdx.z;
    const int i = blockIdx.y * TILE + ty;     // query of this thread
    const int j = blockIdx.x * TILE + tx;     // key of this thread
    const int krow = blockIdx.x * TILE + ty;  // key row this thread loads
    const size_t ld = (size_t)H * D;
    Q += (size_t)h * D;
    K += (size_t)h * D;
    float acc = 0.0f;
    for (int t0 = 0; t0 < D; t0 += TILE) {
        Qs[ty][tx] = (i < M && t0 + tx < D) ? Q[(size_t)i * ld + t0 + tx] : 0.0f;
        Ks[ty][tx] = (krow < N && t0 + tx < D) ? K[(size_t)krow * ld + t0 + tx] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Qs[ty][k] * Ks[tx][k];
        __syncthreads();
    }
    if (i < M && j < N) S[((size_t)h * M + i) * N + j] = acc * scale;
}

// One thread per row of the H*M rows of S, three passes.
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

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int N, int H, int D) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;  // float within the head
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    const int h = blockIdx.z;
    if (i >= M || c >= D) return;
    const float* p = P + ((size_t)h * M + i) * N;
    const float* v = V + (size_t)h * D + c;
    const size_t ld = (size_t)H * D;
    float acc = 0.0f;
    for (int j = 0; j < N; ++j) acc += p[j] * v[(size_t)j * ld];
    O[((size_t)i * H + h) * D + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int H, int D) {
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)H * M * N);
    dim3 block(TILE, TILE);
    dim3 score_grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, H);
    scores_kernel<<<score_grid, block>>>(Q, K, S, M, N, H, D, 1.0f / sqrtf((float)D));
    const long long rows = (long long)H * M;
    softmax_kernel<<<(unsigned)((rows + 255) / 256), 256>>>(S, rows, N);
    dim3 out_grid((D + TILE - 1) / TILE, (M + TILE - 1) / TILE, H);
    output_kernel<<<out_grid, block>>>(S, V, output, M, N, H, D);
    cudaFree(S);
}
