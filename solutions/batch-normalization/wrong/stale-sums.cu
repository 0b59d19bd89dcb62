// WRONG: the per-channel sums live in __device__ arrays that start at zero when the module
// loads, and solve never clears them. The first call is right; every later call adds its
// statistics on top of the previous ones. The judge calls solve once per test in the same
// process, so example 2 (and everything after it) gets wrong means and variances.
#include <cuda_runtime.h>
#include <math.h>

#define TILE_C 32
#define ROW_LANES 8
#define ROWS_PER_BLOCK 64
#define THREADS 256
#define MAX_C 100000

__device__ double channel_sum[MAX_C];
__device__ double channel_squares[MAX_C];

__global__ void column_stats(const float* input, int N, int C) {
    __shared__ float partial_s[ROW_LANES][TILE_C + 1];
    __shared__ float partial_q[ROW_LANES][TILE_C + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int c = blockIdx.x * TILE_C + tx;
    const int row0 = blockIdx.y * ROWS_PER_BLOCK;
    float s = 0.0f, q = 0.0f;
    if (c < C) {
        for (int n = row0 + ty; n < N && n < row0 + ROWS_PER_BLOCK; n += ROW_LANES) {
            const float x = input[n * C + c];
            s += x;
            q += x * x;
        }
    }
    partial_s[ty][tx] = s;
    partial_q[ty][tx] = q;
    __syncthreads();
    if (ty == 0 && c < C) {
        for (int k = 1; k < ROW_LANES; ++k) {
            s += partial_s[k][tx];
            q += partial_q[k][tx];
        }
        atomicAdd(&channel_sum[c], (double)s);  // Bug: added to whatever the last call left.
        atomicAdd(&channel_squares[c], (double)q);
    }
}

__global__ void normalize(const float* input, const float* gamma, const float* beta, float* output, int total,
                          int N, int C, float eps) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i >= total) return;
    const int c = i % C;
    const double mean = channel_sum[c] / N;
    const double var = fmax(channel_squares[c] / N - mean * mean, 0.0);
    output[i] = (input[i] - (float)mean) * (gamma[c] / sqrtf((float)var + eps)) + beta[c];
}

extern "C" void solve(const float* input, const float* gamma, const float* beta, float* output, int N, int C,
                      float eps) {
    // Bug: no cudaMemset of channel_sum and channel_squares here.
    const dim3 block(TILE_C, ROW_LANES);
    const dim3 grid((C + TILE_C - 1) / TILE_C, (N + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
    column_stats<<<grid, block>>>(input, N, C);
    const int total = N * C;
    normalize<<<(total + THREADS - 1) / THREADS, THREADS>>>(input, gamma, beta, output, total, N, C, eps);
    cudaDeviceSynchronize();
}
