// Tensor cores with shared-memory tiles: a 64 x 64 block tile of C[b], 4 warps each owning a
// 32 x 32 patch (2 x 2 wmma fragments), BK = 32. The block stages A[b] and B[b] once in shared
// memory with 16-byte loads, and each fragment of A is reused for 2 fragments of B and vice versa.
// Single buffered: loads and tensor-core work alternate, separated by barriers.
// Rows are padded by 8 halves so wmma's shared-memory reads spread over the banks.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

using namespace nvcuda;

#define BM 64
#define BN 64
#define BK 32
#define A_LD (BK + 8)  // 40 halves = 80 bytes per row
#define B_LD (BN + 8)  // 72 halves = 144 bytes per row
#define C_LD (BN + 4)  // 68 floats

// 8 consecutive halves as one 16-byte word: one vector load when allowed, else guarded scalars.
__device__ __forceinline__ uint4 load_chunk(const half* p, bool vec, int n_valid) {
  if (vec) return *reinterpret_cast<const uint4*>(p);
  unsigned short s[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) s[i] = i < n_valid ? __half_as_ushort(p[i]) : (unsigned short)0;
  return make_uint4(s[0] | (unsigned)s[1] << 16, s[2] | (unsigned)s[3] << 16, s[4] | (unsigned)s[5] << 16,
                    s[6] | (unsigned)s[7] << 16);
}

__global__ void __launch_bounds__(128) hbmm_wmma_shared(const half* A, const half* B, half* C, int M, int N, int K) {
  __shared__ __align__(128) half As[BM * A_LD];
  __shared__ __align__(128) half Bs[BK * B_LD];
  __shared__ __align__(128) float Cs[BM * C_LD];
  const size_t batch = blockIdx.z;
  A += batch * M * K;
  B += batch * K * N;
  C += batch * M * N;
  const int t = threadIdx.x, warp = t / 32;
  const int wm = (warp / 2) * 32, wn = (warp % 2) * 32;  // this warp's patch in the block tile
  const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
  const bool a_vec = (K % 8) == 0, b_vec = (N % 8) == 0;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  for (int k0 = 0; k0 < K; k0 += BK) {
    // A tile 64 x 32 and B tile 32 x 64: 256 chunks of 8 halves each, 2 per thread.
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int c = t + i * 128;
      const int ar = c / 4, ak = (c % 4) * 8;
      const int row = bm + ar, k = k0 + ak;
      const int na = row < M ? min(8, K - k) : 0;
      *reinterpret_cast<uint4*>(&As[ar * A_LD + ak]) =
          load_chunk(A + (size_t)(row < M ? row : 0) * K + k, a_vec && na == 8, na);
      const int br = c / 8, bc = (c % 8) * 8;
      const int kb = k0 + br, col = bn + bc;
      const int nb = kb < K ? max(0, min(8, N - col)) : 0;
      *reinterpret_cast<uint4*>(&Bs[br * B_LD + bc]) =
          load_chunk(B + (size_t)(kb < K ? kb : 0) * N + col, b_vec && nb == 8, nb);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[2];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 2; ++i) wmma::load_matrix_sync(a[i], &As[(wm + i * 16) * A_LD + kk], A_LD);
#pragma unroll
      for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(b[j], &Bs[kk * B_LD + wn + j * 16], B_LD);
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(&Cs[(wm + i * 16) * C_LD + wn + j * 16], acc[i][j], C_LD, wmma::mem_row_major);
  __syncthreads();
  // The block's 64 x 64 results as halves, consecutive threads on consecutive columns.
  for (int e = t; e < BM * BN; e += 128) {
    const int r = e / BN, c = e % BN;
    const int row = bm + r, col = bn + c;
    if (row < M && col < N) C[(size_t)row * N + col] = __float2half(Cs[r * C_LD + c]);
  }
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
  dim3 blocks((N + BN - 1) / BN, (M + BM - 1) / BM, BATCH);
  hbmm_wmma_shared<<<blocks, 128>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
