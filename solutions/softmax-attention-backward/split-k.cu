// tile-128x64 with split-K for the three gradient products: dV and dK (N x d) and dQ (M x d) have
// only 64 and 128 tiles of 128 x 64 at the performance size, fewer than the GPU's SMs, each
// summing 8192 or 4096 terms; splitting the sum into parts (atomicAdd into the zeroed output)
// fills the GPU. The score products (M x N) keep a single part.
#include <cuda_runtime.h>

#define TM 8          // rows per thread
#define BM (16 * TM)  // tile rows
#define BN 64         // tile columns, 4 per thread
#define BK 16
#define THREADS 256

// As[kk][i] = A(i0 + i, k0 + kk) and Bs[kk][j] = B(k0 + kk, j0 + j), zeros outside. With vec (the
// stored rows a multiple of 4 floats long) each thread loads float4s along the stored rows;
// a float4 starting inside the matrix then lies wholly inside it.
template <bool TA>
__device__ void load_a(float (*As)[BM + 4], const float* A, int m, int k, int i0, int k0, int kend, bool vec) {
  if (vec) {
    for (int e = threadIdx.x; e < BM * BK / 4; e += THREADS) {
      float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
      if (TA) {  // stored k x m: 4 consecutive i
        const int kk = e / (BM / 4), i = (e % (BM / 4)) * 4;
        if (k0 + kk < kend && i0 + i < m) v = *reinterpret_cast<const float4*>(A + (size_t)(k0 + kk) * m + i0 + i);
        *reinterpret_cast<float4*>(&As[kk][i]) = v;
      } else {  // stored m x k: 4 consecutive kk
        const int i = e / (BK / 4), kk = (e % (BK / 4)) * 4;
        if (i0 + i < m && k0 + kk < kend) v = *reinterpret_cast<const float4*>(A + (size_t)(i0 + i) * k + k0 + kk);
        As[kk][i] = v.x;
        As[kk + 1][i] = v.y;
        As[kk + 2][i] = v.z;
        As[kk + 3][i] = v.w;
      }
    }
    return;
  }
  for (int e = threadIdx.x; e < BM * BK; e += THREADS) {
    const int i = TA ? e % BM : e / BK, kk = TA ? e / BM : e % BK;
    float v = 0.0f;
    if (i0 + i < m && k0 + kk < kend) v = TA ? A[(size_t)(k0 + kk) * m + i0 + i] : A[(size_t)(i0 + i) * k + k0 + kk];
    As[kk][i] = v;
  }
}

template <bool TB>
__device__ void load_b(float (*Bs)[BN + 4], const float* B, int n, int k, int j0, int k0, int kend, bool vec) {
  if (vec) {
    for (int e = threadIdx.x; e < BK * BN / 4; e += THREADS) {
      float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
      if (TB) {  // stored n x k: 4 consecutive kk
        const int j = e / (BK / 4), kk = (e % (BK / 4)) * 4;
        if (j0 + j < n && k0 + kk < kend) v = *reinterpret_cast<const float4*>(B + (size_t)(j0 + j) * k + k0 + kk);
        Bs[kk][j] = v.x;
        Bs[kk + 1][j] = v.y;
        Bs[kk + 2][j] = v.z;
        Bs[kk + 3][j] = v.w;
      } else {  // stored k x n: 4 consecutive j
        const int kk = e / (BN / 4), j = (e % (BN / 4)) * 4;
        if (k0 + kk < kend && j0 + j < n) v = *reinterpret_cast<const float4*>(B + (size_t)(k0 + kk) * n + j0 + j);
        *reinterpret_cast<float4*>(&Bs[kk][j]) = v;
      }
    }
    return;
  }
  for (int e = threadIdx.x; e < BK * BN; e += THREADS) {
    const int j = TB ? e / BK : e % BN, kk = TB ? e % BK : e / BN;
    float v = 0.0f;
    if (j0 + j < n && k0 + kk < kend) v = TB ? B[(size_t)(j0 + j) * k + k0 + kk] : B[(size_t)(k0 + kk) * n + j0 + j];
    Bs[kk][j] = v;
  }
}

// C (m x n) = alpha * A B; A is m x k (stored k x m when TA), B is k x n (stored n x k when TB).
// Thread (ty, tx) owns rows ty*TM + x and columns tx*4 + y of the block's BM x BN tile.
template <bool TA, bool TB>
__global__ __launch_bounds__(THREADS) void gemm_kernel(const float* A, const float* B, float* C, int m, int n, int k,
                                                       int kchunk, float alpha, bool vec_a, bool vec_b) {
  __shared__ __align__(16) float As[BK][BM + 4];
  __shared__ __align__(16) float Bs[BK][BN + 4];
  const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  const int i0 = blockIdx.y * BM, j0 = blockIdx.x * BN;
  // Split-K: block z sums k in [z * kchunk, (z + 1) * kchunk) and adds its part into C.
  const int kbegin = blockIdx.z * kchunk, kend = min(k, kbegin + kchunk);
  float acc[TM][4] = {};
  for (int k0 = kbegin; k0 < kend; k0 += BK) {
    load_a<TA>(As, A, m, k, i0, k0, kend, vec_a);
    load_b<TB>(Bs, B, n, k, j0, k0, kend, vec_b);
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; ++kk) {
      float a[TM], b[4];
      for (int x = 0; x < TM; x += 4) {
        const float4 v = *reinterpret_cast<const float4*>(&As[kk][ty * TM + x]);
        a[x] = v.x;
        a[x + 1] = v.y;
        a[x + 2] = v.z;
        a[x + 3] = v.w;
      }
      const float4 w = *reinterpret_cast<const float4*>(&Bs[kk][tx * 4]);
      b[0] = w.x;
      b[1] = w.y;
      b[2] = w.z;
      b[3] = w.w;
      for (int x = 0; x < TM; ++x)
        for (int y = 0; y < 4; ++y) acc[x][y] += a[x] * b[y];
    }
    __syncthreads();
  }
  const bool split = gridDim.z > 1;  // C was zeroed; the parts meet by atomicAdd
  for (int x = 0; x < TM; ++x) {
    const int i = i0 + ty * TM + x;
    if (i >= m) continue;
    for (int y = 0; y < 4; ++y) {
      const int j = j0 + tx * 4 + y;
      if (j >= n) continue;
      if (split)
        atomicAdd(&C[(size_t)i * n + j], alpha * acc[x][y]);
      else
        C[(size_t)i * n + j] = alpha * acc[x][y];
    }
  }
}

// C (m x n) = alpha * A B with A m x k (stored k x m when ta) and B k x n (stored n x k when tb).
// The gradient products have small outputs (N x d, M x d: 64 or 128 tiles at the performance size,
// fewer than the SMs) and long sums (k = M or N): they are split along k into enough parts to
// give every SM two or more blocks, each part at least 512 long, added into the zeroed output.
static void gemm(const float* A, const float* B, float* C, int m, int n, int k, bool ta, bool tb, float alpha) {
  int sms = 0, dev = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  const int tiles = ((n + BN - 1) / BN) * ((m + BM - 1) / BM);
  int splits = 1;
  while (tiles * splits < 2 * sms && k / (2 * splits) >= 512) splits *= 2;
  const int kchunk = ((k + splits - 1) / splits + BK - 1) / BK * BK;
  splits = (k + kchunk - 1) / kchunk;
  if (splits > 1) cudaMemsetAsync(C, 0, sizeof(float) * (size_t)m * n);
  const dim3 grid((n + BN - 1) / BN, (m + BM - 1) / BM, splits);
  const bool vec_a = ta ? m % 4 == 0 : k % 4 == 0, vec_b = tb ? k % 4 == 0 : n % 4 == 0;
  if (ta)
    gemm_kernel<true, false><<<grid, THREADS>>>(A, B, C, m, n, k, kchunk, alpha, vec_a, vec_b);
  else if (tb)
    gemm_kernel<false, true><<<grid, THREADS>>>(A, B, C, m, n, k, kchunk, alpha, vec_a, vec_b);
  else
    gemm_kernel<false, false><<<grid, THREADS>>>(A, B, C, m, n, k, kchunk, alpha, vec_a, vec_b);
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
