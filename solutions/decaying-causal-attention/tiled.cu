// Two kernels with a seq_len x seq_len scratch matrix of weights, both products from 16 x 16
// shared-memory tiles. Weight tiles wholly after their queries are written as 0 without any
// products, and the output product stops at the diagonal tile, so the masked half costs only its
// stores. Each loaded element is reused by 16 threads instead of being reread from global memory.
#include <cuda_runtime.h>

#define TILE 16

__global__ void weights_kernel(const float* Q, const float* K, float* W, int N, int d, float scale, float log2_gamma) {
  __shared__ float Qs[TILE][TILE];
  __shared__ float Ks[TILE][TILE + 1];  // read down a column: the +1 avoids bank conflicts
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int n = blockIdx.y * TILE + ty;
  const int m = blockIdx.x * TILE + tx;
  const int krow = blockIdx.x * TILE + ty;
  if (blockIdx.x > blockIdx.y) {  // the whole tile lies after its queries: masked, no products
    if (n < N && m < N) W[(size_t)n * N + m] = 0.0f;
    return;
  }
  float acc = 0.0f;
  for (int t0 = 0; t0 < d; t0 += TILE) {
    Qs[ty][tx] = (n < N && t0 + tx < d) ? Q[(size_t)n * d + t0 + tx] : 0.0f;
    Ks[ty][tx] = (krow < N && t0 + tx < d) ? K[(size_t)krow * d + t0 + tx] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += Qs[ty][k] * Ks[tx][k];
    __syncthreads();
  }
  if (n < N && m < N) W[(size_t)n * N + m] = m <= n ? acc * scale * exp2f((float)(n - m) * log2_gamma) : 0.0f;
}

__global__ void output_kernel(const float* W, const float* V, float* O, int N, int d) {
  __shared__ float Ws[TILE][TILE];
  __shared__ float Vs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int n = blockIdx.y * TILE + ty;  // query
  const int c = blockIdx.x * TILE + tx;  // output column
  float acc = 0.0f;
  const int keys = min(N, (int)(blockIdx.y + 1) * TILE);  // W is 0 after the diagonal tile
  for (int m0 = 0; m0 < keys; m0 += TILE) {
    Ws[ty][tx] = (n < N && m0 + tx < N) ? W[(size_t)n * N + m0 + tx] : 0.0f;
    Vs[ty][tx] = (m0 + ty < N && c < d) ? V[(size_t)(m0 + ty) * d + c] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += Ws[ty][k] * Vs[k][tx];
    __syncthreads();
  }
  if (n < N && c < d) O[(size_t)n * d + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int seq_len, int d_model,
                      float gamma) {
  const int N = seq_len, d = d_model;
  float* W = nullptr;
  cudaMalloc(&W, sizeof(float) * (size_t)N * N);
  dim3 block(TILE, TILE);
  dim3 weight_grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
  weights_kernel<<<weight_grid, block>>>(Q, K, W, N, d, 1.0f / sqrtf((float)d), log2f(gamma));
  dim3 out_grid((d + TILE - 1) / TILE, (N + TILE - 1) / TILE);
  output_kernel<<<out_grid, block>>>(W, V, output, N, d);
  cudaFree(W);
}
