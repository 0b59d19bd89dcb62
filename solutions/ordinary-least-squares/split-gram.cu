// As split-samples.cu for X^T X (symmetric tiles, the samples split into slices across blocks,
// added with atomics), but X^T y left as in tiled.cu: one thread per feature walks all samples,
// so for f = 128 a single block of 128 threads walks 100,000 samples, one latency-bound step
// each, while the rest of the GPU idles. Those sums, not X^T X, now set the time: faster than
// tiled.cu (whose 16 tile blocks also walk every sample), far slower than small-grid.cu, which
// splits X^T y too.
#include <cuda_runtime.h>
#include <math.h>

// X^T X in 32 x 32 tiles: a block stages 32 samples of the two column strips in shared memory
// and every thread adds their products for its entry. Only tiles on or above the diagonal are
// computed (X^T X is symmetric; the solver reads the upper triangle). blockIdx.z picks a slice of the samples;
// the slices are added into a cleared G with atomics, so small f still fills the GPU.
__global__ void gram(const float* X, float* G, int n, int f, int rows) {
  __shared__ float Ta[32][33], Tb[32][33];
  const int ta = blockIdx.y, tb = blockIdx.x, tx = threadIdx.x, ty = threadIdx.y;
  if (ta > tb) return;
  const int r0 = blockIdx.z * rows, r1 = min(n, r0 + rows);
  float acc[1] = {};
  for (int base = r0; base < r1; base += 32) {
    for (int k = ty; k < 32; k += 32) {
      const int r = base + k, ca = ta * 32 + tx, cb = tb * 32 + tx;
      Ta[k][tx] = (r < r1 && ca < f) ? X[(size_t)r * f + ca] : 0.0f;
      Tb[k][tx] = (r < r1 && cb < f) ? X[(size_t)r * f + cb] : 0.0f;
    }
    __syncthreads();
    for (int k = 0; k < 32; ++k) {
      const float bv = Tb[k][tx];
#pragma unroll
      for (int q = 0; q < 1; ++q) acc[q] += Ta[k][ty + q * 32] * bv;
    }
    __syncthreads();
  }
#pragma unroll
  for (int q = 0; q < 1; ++q) {
    const int a = ta * 32 + ty + q * 32, b = tb * 32 + tx;
    if (a < f && b < f) atomicAdd(&G[a * f + b], acc[q]);
  }
}
// X^T y, one thread per feature over all samples (no slices): the slow part.
__global__ void xty(const float* X, const float* y, float* v, int n, int f) {
  const int a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= f) return;
  float s = 0.0f;
  for (int r = 0; r < n; ++r) s += X[(size_t)r * f + a] * y[r];
  v[a] = s;
}
// Cholesky and both triangular solves by one block of 1024 threads: each step's column scaling
// and trailing update are spread over the threads, with a barrier between steps. L lives in G's
// storage (global memory); z in v.
__global__ void chol_solve(float* G, float* v, float* beta, int f) {
  float* L = G;
  float* z = v;
  const int LD = f;
  const int t = threadIdx.x, T = blockDim.x;
  for (int idx = t; idx < f * f; idx += T) {  // lower triangle from the upper one
    const int i = idx / f, j = idx % f;
    if (j <= i) L[i * LD + j] = G[j * f + i];
  }
  if (t < f) z[t] = v[t];
  __syncthreads();
  for (int k = 0; k < f; ++k) {
    const float d = sqrtf(L[k * LD + k]);
    __syncthreads();
    for (int i = k + 1 + t; i < f; i += T) L[i * LD + k] /= d;
    if (t == 0) L[k * LD + k] = d;
    __syncthreads();
    const int m = f - k - 1;
    for (int idx = t; idx < m * m; idx += T) {  // trailing update, lower triangle only
      const int i = k + 1 + idx / m, j = k + 1 + idx % m;
      if (j <= i) L[i * LD + j] -= L[i * LD + k] * L[j * LD + k];
    }
    __syncthreads();
  }
  for (int k = 0; k < f; ++k) {  // L z = v, a column at a time
    const float zk = z[k] / L[k * LD + k];
    __syncthreads();
    if (t == 0) z[k] = zk;
    for (int i = k + 1 + t; i < f; i += T) z[i] -= L[i * LD + k] * zk;
    __syncthreads();
  }
  for (int k = f - 1; k >= 0; --k) {  // L^T beta = z
    const float bk = z[k] / L[k * LD + k];
    __syncthreads();
    if (t == 0) z[k] = bk;
    for (int i = t; i < k; i += T) z[i] -= L[k * LD + i] * bk;
    __syncthreads();
  }
  for (int i = t; i < f; i += T) beta[i] = z[i];
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
  const int tiles = (f + 31) / 32;
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int upper = tiles * (tiles + 1) / 2;  // blocks that do work
  int slices = max(1, min((4 * sms + upper - 1) / upper, (n + 255) / 256));
  const int rows = ((n + slices - 1) / slices + 31) / 32 * 32;
  slices = (n + rows - 1) / rows;
  cudaMemsetAsync(G, 0, (size_t)f * f * sizeof(float));
  gram<<<dim3(tiles, tiles, slices), dim3(32, 32)>>>(X, G, n, f, rows);
  xty<<<(f + 127) / 128, 128>>>(X, y, v, n, f);
  chol_solve<<<1, 1024>>>(G, v, beta, f);
  cudaDeviceSynchronize();
}
