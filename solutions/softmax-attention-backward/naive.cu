// Naive: the five products as one kernel with one thread per output element (16 x 16 blocks)
// reading whole rows and columns from global memory, and one thread per row for the softmax and
// for dS, each walking its row of N serially. P and dS are materialised as M x N scratch.
#include <cuda_runtime.h>

// C (m x n) = alpha * A B with A m x k (stored k x m when ta) and B k x n (stored n x k when tb).
__global__ void gemm_kernel(const float* A, const float* B, float* C, int m, int n, int k, bool ta, bool tb,
                            float alpha) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= m || j >= n) return;
  float acc = 0.0f;
  for (int kk = 0; kk < k; ++kk) {
    const float a = ta ? A[(size_t)kk * m + i] : A[(size_t)i * k + kk];
    const float b = tb ? B[(size_t)j * k + kk] : B[(size_t)kk * n + j];
    acc += a * b;
  }
  C[(size_t)i * n + j] = alpha * acc;
}

static void gemm(const float* A, const float* B, float* C, int m, int n, int k, bool ta, bool tb, float alpha) {
  const dim3 block(16, 16), grid((n + 15) / 16, (m + 15) / 16);
  gemm_kernel<<<grid, block>>>(A, B, C, m, n, k, ta, tb, alpha);
}

__global__ void softmax_rows(float* P, int M, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= M) return;
  float* row = P + (size_t)i * N;
  float m = -INFINITY;
  for (int j = 0; j < N; ++j) m = fmaxf(m, row[j]);
  float sum = 0.0f;
  for (int j = 0; j < N; ++j) {
    row[j] = expf(row[j] - m);
    sum += row[j];
  }
  for (int j = 0; j < N; ++j) row[j] /= sum;
}

__global__ void ds_rows(const float* P, float* dS, int M, int N, float scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= M) return;
  const float* p = P + (size_t)i * N;
  float* ds = dS + (size_t)i * N;
  float D = 0.0f;
  for (int j = 0; j < N; ++j) D += p[j] * ds[j];
  for (int j = 0; j < N; ++j) ds[j] = p[j] * (ds[j] - D) * scale;
}

extern "C" void solve(const float* Q, const float* K, const float* V, const float* dO, float* dQ, float* dK, float* dV,
                      int M, int N, int d) {
  float *P = nullptr, *dS = nullptr;
  cudaMalloc(&P, sizeof(float) * (size_t)M * N);
  cudaMalloc(&dS, sizeof(float) * (size_t)M * N);
  const float scale = 1.0f / sqrtf((float)d);
  gemm(Q, K, P, M, N, d, false, true, scale);  // S = Q K^T / sqrt(d)
  softmax_rows<<<(M + 127) / 128, 128>>>(P, M, N);
  gemm(dO, V, dS, M, N, d, false, true, 1.0f);  // dP = dO V^T
  ds_rows<<<(M + 127) / 128, 128>>>(P, dS, M, N, scale);
  gemm(P, dO, dV, N, d, M, true, false, 1.0f);   // dV = P^T dO
  gemm(dS, K, dQ, M, d, N, false, false, 1.0f);  // dQ = dS K
  gemm(dS, Q, dK, N, d, M, true, false, 1.0f);   // dK = dS^T Q
  cudaFree(P);
  cudaFree(dS);
}
