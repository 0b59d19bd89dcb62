// Three kernels over all query heads (blockIdx.z is the query head, reading key/value head h / G)
// with a num_q_heads x L x L scratch tensor, the scores now from 16 x 16 shared-memory tiles: a
// block stages 16 query rows and 16 key rows, 16 floats at a time, and every value it loads is
// used 16 times. The softmax (one thread per row) and the output kernel are still the naive ones.
#include <cuda_runtime.h>

#define TILE 16

__global__ void scores_kernel(const float* Q, const float* K, float* S, int L, int group, int D, float scale) {
    __shared__ float Qs[TILE][TILE];
    __shared__ float Ks[TILE][TILE + 1];  // read down a column: the +1 avoids bank conflicts
    const int tx = threadIdx.x, ty = threadIdx.y, h = blockIdx.z;
    const int i = blockIdx.y * TILE + ty;     // query of this thread
    const int j = blockIdx.x * TILE + tx;     // key of this thread
    const int krow = blockIdx.x * TILE + ty;  // key row this thread loads
    Q += (size_t)h * L * D;
    K += (size_t)(h / group) * L * D;
    float acc = 0.0f;
    for (int t0 = 0; t0 < D; t0 += TILE) {
        Qs[ty][tx] = (i < L && t0 + tx < D) ? Q[(size_t)i * D + t0 + tx] : 0.0f;
        Ks[ty][tx] = (krow < L && t0 + tx < D) ? K[(size_t)krow * D + t0 + tx] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Qs[ty][k] * Ks[tx][k];
        __syncthreads();
    }
    if (i < L && j < L) S[((size_t)h * L + i) * L + j] = acc * scale;
}

// One thread per row of the num_q_heads * L rows of S, three passes.
__global__ void softmax_kernel(float* S, long long rows, int L) {
    long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float* row = S + (size_t)r * L;
    float m = -INFINITY;
    for (int j = 0; j < L; ++j) m = fmaxf(m, row[j]);
    float sum = 0.0f;
    for (int j = 0; j < L; ++j) {
        float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    float inv = 1.0f / sum;
    for (int j = 0; j < L; ++j) row[j] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int L, int group, int D) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;  // float within the head
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    const int h = blockIdx.z;
    if (i >= L || c >= D) return;
    const float* p = P + ((size_t)h * L + i) * L;
    const float* v = V + (size_t)(h / group) * L * D + c;
    float acc = 0.0f;
    for (int j = 0; j < L; ++j) acc += p[j] * v[(size_t)j * D];
    O[((size_t)h * L + i) * D + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int num_q_heads, int num_kv_heads,
                      int seq_len, int head_dim) {
    const int group = num_q_heads / num_kv_heads, L = seq_len, D = head_dim;
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)num_q_heads * L * L);
    dim3 block(TILE, TILE);
    dim3 score_grid((L + TILE - 1) / TILE, (L + TILE - 1) / TILE, num_q_heads);
    scores_kernel<<<score_grid, block>>>(Q, K, S, L, group, D, 1.0f / sqrtf((float)D));
    const long long rows = (long long)num_q_heads * L;
    softmax_kernel<<<(unsigned)((rows + 255) / 256), 256>>>(S, rows, L);
    dim3 out_grid((D + TILE - 1) / TILE, (L + TILE - 1) / TILE, num_q_heads);
    output_kernel<<<out_grid, block>>>(S, V, output, L, group, D);
    cudaFree(S);
}
