// Three kernels over all query heads with a num_q_heads x L x L scratch tensor, both products
// from 16 x 16 shared-memory tiles (scores = Q_h K_g^T and output = P V_g, g = h / G) and a
// block of 256 threads per softmax row with warp-shuffle reductions. The scratch still travels
// through global memory three times.
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

// One block per row of the num_q_heads * L rows of S, warp-shuffle reductions.
__global__ void softmax_kernel(float* S, int L) {
    __shared__ float red[ROW_THREADS / 32];
    float* row = S + (size_t)blockIdx.x * L;
    const int tid = threadIdx.x;
    float m = -INFINITY;
    for (int j = tid; j < L; j += ROW_THREADS) m = fmaxf(m, row[j]);
    m = block_reduce(m, true, red);
    float sum = 0.0f;
    for (int j = tid; j < L; j += ROW_THREADS) {
        float e = expf(row[j] - m);
        row[j] = e;
        sum += e;
    }
    const float inv = 1.0f / block_reduce(sum, false, red);
    for (int j = tid; j < L; j += ROW_THREADS) row[j] *= inv;
}

// Output = P V_h from 16 x 16 tiles: 16 queries' probabilities and 16 keys' value rows.
__global__ void output_kernel(const float* P, const float* V, float* O, int L, int group, int D) {
    __shared__ float Ps[TILE][TILE];
    __shared__ float Vs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y, h = blockIdx.z;
    const int i = blockIdx.y * TILE + ty;  // query
    const int c = blockIdx.x * TILE + tx;  // float within the head
    P += (size_t)h * L * L;
    V += (size_t)(h / group) * L * D;
    float acc = 0.0f;
    for (int j0 = 0; j0 < L; j0 += TILE) {
        Ps[ty][tx] = (i < L && j0 + tx < L) ? P[(size_t)i * L + j0 + tx] : 0.0f;
        Vs[ty][tx] = (j0 + ty < L && c < D) ? V[(size_t)(j0 + ty) * D + c] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += Ps[ty][k] * Vs[k][tx];
        __syncthreads();
    }
    if (i < L && c < D) O[((size_t)h * L + i) * D + c] = acc;
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
