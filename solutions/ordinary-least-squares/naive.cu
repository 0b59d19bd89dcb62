// Naive: the normal equations (X^T X) beta = X^T y. One thread per entry of X^T X walks all
// samples; then a single warp does the rest: X^T y (a lane per feature, the features taken 32
// at a time, each pass over all samples), the Cholesky factorisation and both triangular solves.
// The warp's X^T y is what makes it slow: for f = 128 it walks the 100,000 samples four times in
// a row, where block-solve.cu's 128 threads (four warps) walk them side by side; the sums of
// X^T X reread X from L2 for every entry as block-solve.cu does.
#include <cuda_runtime.h>
#include <math.h>

// X^T X, one thread per entry (a, b), walking all samples: threads of a warp read neighbouring
// columns of one row of X (coalesced) and the same X[r][a] (broadcast).
__global__ void gram(const float* X, float* G, int n, int f) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x, a = blockIdx.y * blockDim.y + threadIdx.y;
  if (a >= f || b >= f) return;
  float s = 0.0f;
  for (int r = 0; r < n; ++r) s += X[(size_t)r * f + a] * X[(size_t)r * f + b];
  G[a * f + b] = s;
}

// One warp. G = U^T U with U upper triangular, built in place in G's upper triangle (which the
// sums filled): step k scales row k by 1 / sqrt(U[k][k]), then subtracts U[k][i] * row k from
// every later row i, the lanes sharing each row's columns (coalesced). Each lane handles up to 4
// of a row's columns per round, loading them all before storing any, so 4 loads are in flight:
// a 1000-feature factorisation stays well inside the time limit (a single thread took seconds).
__global__ void warp_solve(const float* X, const float* y, float* G, float* v, float* beta,
                           int n, int f) {
  const int lane = threadIdx.x;
  for (int a = lane; a < f; a += 32) {  // X^T y: a lane per feature, all samples
    float s = 0.0f;
    for (int r = 0; r < n; ++r) s += X[(size_t)r * f + a] * y[r];
    v[a] = s;
  }
  __syncwarp();
  for (int k = 0; k < f; ++k) {
    float* Uk = G + (size_t)k * f;
    const float d = sqrtf(Uk[k]);
    __syncwarp();
    for (int j = k + 1 + lane; j < f; j += 32) Uk[j] /= d;
    if (lane == 0) Uk[k] = d;
    __syncwarp();
    for (int i = k + 1; i < f; ++i) {  // row i -= U[k][i] * row k, columns i..f-1
      float* Ui = G + (size_t)i * f;
      const float u = Uk[i];
      for (int j0 = i + lane; j0 < f; j0 += 128) {
        float a[4], b[4];
#pragma unroll
        for (int q = 0; q < 4; ++q) {
          const int j = j0 + 32 * q;
          a[q] = j < f ? Ui[j] : 0.0f;
          b[q] = j < f ? Uk[j] : 0.0f;
        }
#pragma unroll
        for (int q = 0; q < 4; ++q)
          if (j0 + 32 * q < f) Ui[j0 + 32 * q] = a[q] - u * b[q];
      }
    }
    __syncwarp();
  }
  for (int k = 0; k < f; ++k) {  // U^T z = v: z[k], then v[i] -= U[k][i] z[k] for i > k
    const float zk = v[k] / G[(size_t)k * f + k];
    __syncwarp();
    if (lane == 0) v[k] = zk;
    for (int i = k + 1 + lane; i < f; i += 32) v[i] -= G[(size_t)k * f + i] * zk;
    __syncwarp();
  }
  for (int k = f - 1; k >= 0; --k) {  // U beta = z: beta[k], then z[i] -= U[i][k] beta[k]
    const float bk = v[k] / G[(size_t)k * f + k];
    __syncwarp();
    if (lane == 0) v[k] = bk;
    for (int i = lane; i < k; i += 32) v[i] -= G[(size_t)i * f + k] * bk;
    __syncwarp();
  }
  for (int i = lane; i < f; i += 32) beta[i] = v[i];
}

extern "C" void solve(const float* X, const float* y, float* beta, int n_samples, int n_features) {
  const int n = n_samples, f = n_features;
  static float* G = nullptr;
  static float* v = nullptr;
  static int cap = 0;
  if (f > cap) {
    cudaFree(G);
    cudaFree(v);
    cudaMalloc(&G, (size_t)f * f * sizeof(float));
    cudaMalloc(&v, f * sizeof(float));
    cap = f;
  }
  gram<<<dim3((f + 15) / 16, (f + 15) / 16), dim3(16, 16)>>>(X, G, n, f);
  warp_solve<<<1, 32>>>(X, y, G, v, beta, n, f);
  cudaDeviceSynchronize();
}
