// Three kernels over all query heads with a num_q_heads x L x L scratch tensor: 16 x 16
// shared-memory tiles for the scores, and one block of 256 threads per softmax row, so
// consecutive threads read consecutive elements and the max and sum are tree reductions in shared
// memory. The output kernel is still the naive one.
#include <cuda_runtime.h>

#define TILE 16
#define ROW_THREADS 256

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

// One block per row of the num_q_heads * L rows of S: coalesced passes, shared-memory tree reductions.
__global__ void softmax_kernel(float* S, int L) {
    __shared__ float red[ROW_THREADS];
    float* row = S + (size_t)blockIdx.x * L;
    const int tid = threadIdx.x;

    float m = -INFINITY;
    for (int j = tid; j < L; j += ROW_THREADS) m = fmaxf(m, row[j]);
    red[tid] = m;
    __syncthreads();
    for (int s = ROW_THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    m = red[0];
    __syncthreads();  // red is reused for the sum

    float sum = 0.0f;
    for (int j = tid; j < L; j += ROW_THREADS) {
        float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    red[tid] = sum;
    __syncthreads();
    for (int s = ROW_THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    const float inv = 1.0f / red[0];
    for (int j = tid; j < L; j += ROW_THREADS) row[j] *= inv;
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
    softmax_kernel<<<(unsigned)((long long)num_q_heads * L), ROW_THREADS>>>(S, L);
    dim3 out_grid((D + TILE - 1) / TILE, (L + TILE - 1) / TILE, num_q_heads);
    output_kernel<<<out_grid, block>>>(S, V, output, L, group, D);
    cudaFree(S);
}
