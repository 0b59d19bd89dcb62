// Vectorized CUDA-core kernel: 128 x 128 block tile of C[b], 8 x 8 outputs per thread, BK = 16.
//
// Global loads move 8 halves (16 bytes) at once and unpack them with half2 -> float2
// conversions; shared memory is read as float4, with each thread's rows and columns split into
// two groups of 4 so a quarter-warp reads 128 contiguous bytes (no bank conflicts). Rows that
// are not 16-byte aligned (K or N not a multiple of 8) and the edges fall back to guarded
// scalar loads. The arithmetic is float FMA: without tensor cores this is about as far as it goes.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define BM 128
#define BN 128
#define BK 16

// Loads p[0..7] as floats: one 16-byte load when `vec`, else the first n_valid one by one and
// zeros after them.
__device__ __forceinline__ void load8(const half* p, bool vec, int n_valid, float* out) {
  if (vec) {
    const uint4 u = *reinterpret_cast<const uint4*>(p);
    const half2* h = reinterpret_cast<const half2*>(&u);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const float2 f = __half22float2(h[i]);
      out[2 * i] = f.x;
      out[2 * i + 1] = f.y;
    }
  } else {
#pragma unroll
    for (int i = 0; i < 8; ++i) out[i] = i < n_valid ? __half2float(p[i]) : 0.0f;
  }
}

__global__ void __launch_bounds__(256) hbmm_vectorized(const half* A, const half* B, half* C, int M, int N, int K) {
  __shared__ __align__(16) float As[BK][BM + 4];  // A transposed: As[k][m]
  __shared__ __align__(16) float Bs[BK][BN];
  const size_t batch = blockIdx.z;
  A += batch * M * K;
  B += batch * K * N;
  C += batch * M * N;
  const int t = threadIdx.x;
  const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
  const int ty = t / 16, tx = t % 16;
  const bool a_aligned = (K % 8) == 0, b_aligned = (N % 8) == 0;
  // Loader coordinates: one 8-half chunk of A (row t/2) and one of B (row t/16) per thread.
  const int a_r = t / 2, a_k = (t % 2) * 8;
  const int b_r = t / 16, b_c = (t % 16) * 8;

  float acc[8][8] = {{0.0f}};
  for (int k0 = 0; k0 < K; k0 += BK) {
    float v[8];
    {
      const int row = bm + a_r, k = k0 + a_k;
      const int n_valid = row < M ? min(8, K - k) : 0;
      const half* p = A + (size_t)(row < M ? row : 0) * K + k;
      load8(p, a_aligned && n_valid == 8, n_valid, v);
#pragma unroll
      for (int i = 0; i < 8; ++i) As[a_k + i][a_r] = v[i];
    }
    {
      const int k = k0 + b_r, col = bn + b_c;
      const int n_valid = k < K ? max(0, min(8, N - col)) : 0;
      const half* p = B + (size_t)(k < K ? k : 0) * N + col;
      load8(p, b_aligned && n_valid == 8, n_valid, v);
      *reinterpret_cast<float4*>(&Bs[b_r][b_c]) = make_float4(v[0], v[1], v[2], v[3]);
      *reinterpret_cast<float4*>(&Bs[b_r][b_c + 4]) = make_float4(v[4], v[5], v[6], v[7]);
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      const float4 a0 = *reinterpret_cast<const float4*>(&As[k][ty * 4]);
      const float4 a1 = *reinterpret_cast<const float4*>(&As[k][64 + ty * 4]);
      const float4 b0 = *reinterpret_cast<const float4*>(&Bs[k][tx * 4]);
      const float4 b1 = *reinterpret_cast<const float4*>(&Bs[k][64 + tx * 4]);
      const float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
  // Thread rows: ty*4 + 0..3 and 64 + ty*4 + 0..3; columns likewise with tx.
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = bm + (i < 4 ? ty * 4 + i : 64 + ty * 4 + i - 4);
    if (row >= M) continue;
#pragma unroll
    for (int j = 0; j < 8; ++j) {
      const int col = bn + (j < 4 ? tx * 4 + j : 64 + tx * 4 + j - 4);
      if (col < N) C[(size_t)row * N + col] = __float2half(acc[i][j]);
    }
  }
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
  dim3 blocks((N + BN - 1) / BN, (M + BM - 1) / BM, BATCH);
  hbmm_vectorized<<<blocks, 256>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
