// tiled-16 with 32 x 32 tiles (1024 threads, one output each): every element loaded into shared
// memory serves 32 multiply-adds instead of 16, half the global and L2 traffic of tiled-16.
#include <cuda_runtime.h>

#define T 32
#define BM T
#define BN T
#define THREADS dim3(T, T)

// C (m x n) = alpha * A B; A is m x k (stored k x m when TA), B is k x n (stored n x k when TB).
// Each tile is loaded with the thread index running along the stored rows (coalesced), into
// As[r][c] = A(i0 + r, k0 + c) and Bs[r][c] = B(k0 + r, j0 + c).
template <bool TA, bool TB>
__global__ void gemm_kernel(const float* A, const float* B, float* C, int m, int n, int k, float alpha) {
  __shared__ float As[T][T + 1];
  __shared__ float Bs[T][T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int i0 = blockIdx.y * T, j0 = blockIdx.x * T;
  float acc = 0.0f;
  for (int k0 = 0; k0 < k; k0 += T) {
    if (TA)
      As[tx][ty] = (i0 + tx < m && k0 + ty < k) ? A[(size_t)(k0 + ty) * m + i0 + tx] : 0.0f;
    else
      As[ty][tx] = (i0 + ty < m && k0 + tx < k) ? A[(size_t)(i0 + ty) * k + k0 + tx] : 0.0f;
    if (TB)
      Bs[tx][ty] = (j0 + ty < n && k0 + tx < k) ? B[(size_t)(j0 + ty) * k + k0 + tx] : 0.0f;
    else
      Bs[ty][tx] = (k0 + ty < k && j0 + tx < n) ? B[(size_t)(k0 + ty) * n + j0 + tx] : 0.0f;
    __syncthreads();
    for (int c = 0; c < T; ++c) acc += As[ty][c] * Bs[c][tx];
    __syncthreads();
  }
  if (i0 + ty < m && j0 + tx < n) C[(size_t)(i0 + ty) * n + j0 + tx] = alpha * acc;
}

// C (m x n) = alpha * A B with A m x k (stored k x m when ta) and B k x n (stored n x k when tb).
static void gemm(const float* A, const float* B, float* C, int m, int n, int k, bool ta, bool tb, float alpha) {
  const dim3 grid((n + BN - 1) / BN, (m + BM - 1) / BM);
  if (ta)
    gemm_kernel<true, false><<<grid, THREADS>>>(A, B, C, m, n, k, alpha);
  else if (tb)
    gemm_kernel<false, true><<<grid, THREADS>>>(A, B, C, m, n, k, alpha);
  else
    gemm_kernel<false, false><<<grid, THREADS>>>(A, B, C, m, n, k, alpha);
}

#define ROW_THREADS 256

// Maximum or sum over the block: shuffles within each warp, then one shared slot per warp.
__device__ float block_reduce(float v, bool is_max, float* red) {
  for (int o = 16; o > 0; o >>= 1) {
    const float other = __shfl_xor_sync(0xffffffffu, v, o);
    v = is_max ? fmaxf(v, other) : v + other;
  }
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = v;
  __syncthreads();
  float r = red[0];
  for (int w = 1; w < ROW_THREADS / 32; ++w) r = is_max ? fmaxf(r, red[w]) : r + red[w];
  __syncthreads();  // red is reused by the next reduction
  return r;
}

// One block per row: the scaled scores of row i become its softmax, in place.
__global__ void softmax_rows(float* P, int N) {
  __shared__ float red[ROW_THREADS / 32];
  float* row = P + (size_t)blockIdx.x * N;
  float m = -INFINITY;
  for (int j = threadIdx.x; j < N; j += ROW_THREADS) m = fmaxf(m, row[j]);
  m = block_reduce(m, true, red);
  float sum = 0.0f;
  for (int j = threadIdx.x; j < N; j += ROW_THREADS) {
    const float e = expf(row[j] - m);
    row[j] = e;
    sum += e;
  }
  const float inv = 1.0f / block_reduce(sum, false, red);
  for (int j = threadIdx.x; j < N; j += ROW_THREADS) row[j] *= inv;
}

// One block per row: dS holds dP on entry; D = sum of P * dP, then dS = P * (dP - D) * scale.
__global__ void ds_rows(const float* P, float* dS, int N, float scale) {
  __shared__ float red[ROW_THREADS / 32];
  const float* p = P + (size_t)blockIdx.x * N;
  float* ds = dS + (size_t)blockIdx.x * N;
  float D = 0.0f;
  for (int j = threadIdx.x; j < N; j += ROW_THREADS) D += p[j] * ds[j];
  D = block_reduce(D, false, red);
  for (int j = threadIdx.x; j < N; j += ROW_THREADS) ds[j] = p[j] * (ds[j] - D) * scale;
}

extern "C" void solve(const float* Q, const float* K, const float* V, const float* dO, float* dQ, float* dK, float* dV,
                      int M, int N, int d) {
  float *P = nullptr, *dS = nullptr;
  cudaMalloc(&P, sizeof(float) * (size_t)M * N);
  cudaMalloc(&dS, sizeof(float) * (size_t)M * N);
  const float scale = 1.0f / sqrtf((float)d);
  gemm(Q, K, P, M, N, d, false, true, scale);  // S = Q K^T / sqrt(d)
  softmax_rows<<<M, ROW_THREADS>>>(P, N);
  gemm(dO, V, dS, M, N, d, false, true, 1.0f);  // dP = dO V^T
  ds_rows<<<M, ROW_THREADS>>>(P, dS, N, scale);
  gemm(P, dO, dV, N, d, M, true, false, 1.0f);   // dV = P^T dO
  gemm(dS, K, dQ, M, d, N, false, false, 1.0f);  // dQ = dS K
  gemm(dS, Q, dK, N, d, M, true, false, 1.0f);   // dK = dS^T Q
  cudaFree(P);
  cudaFree(dS);
}
