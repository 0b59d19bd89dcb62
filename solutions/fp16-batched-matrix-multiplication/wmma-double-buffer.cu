// Tensor cores, 128 x 128 block tile of C[b], 8 warps each owning a 64 x 32 patch (4 x 2 wmma
// fragments), BK = 32, double buffered: while the warps multiply the tile in one shared buffer,
// each thread already holds the next tile's A and B chunks in registers and stores them into the
// other buffer afterwards, so global latency overlaps tensor-core work and one barrier per step
// suffices. A larger tile also halves the global traffic per flop of wmma-shared.cu.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

using namespace nvcuda;

#define BM 128
#define BN 128
#define BK 32
#define A_LD (BK + 8)  // 40 halves = 80 bytes per row
#define B_LD (BN + 8)  // 136 halves = 272 bytes per row
#define A_TILE (BM * A_LD)
#define B_TILE (BK * B_LD)

__device__ __forceinline__ uint4 load_chunk(const half* p, bool vec, int n_valid) {
  if (vec) return *reinterpret_cast<const uint4*>(p);
  unsigned short s[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) s[i] = i < n_valid ? __half_as_ushort(p[i]) : (unsigned short)0;
  return make_uint4(s[0] | (unsigned)s[1] << 16, s[2] | (unsigned)s[3] << 16, s[4] | (unsigned)s[5] << 16,
                    s[6] | (unsigned)s[7] << 16);
}

// Thread t's two chunks of A (rows (t + 256 i) / 4) and of B (k rows (t + 256 i) / 16) at k0.
__device__ __forceinline__ void load_tile(const half* A, const half* B, int M, int N, int K, int bm, int bn, int k0,
                                          int t, uint4 (&ra)[2], uint4 (&rb)[2]) {
  const bool a_vec = (K % 8) == 0, b_vec = (N % 8) == 0;
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const int c = t + i * 256;
    const int row = bm + c / 4, k = k0 + (c % 4) * 8;
    const int na = row < M ? min(8, K - k) : 0;
    ra[i] = load_chunk(A + (size_t)(row < M ? row : 0) * K + k, a_vec && na == 8, na);
    const int kb = k0 + c / 16, col = bn + (c % 16) * 8;
    const int nb = kb < K ? max(0, min(8, N - col)) : 0;
    rb[i] = load_chunk(B + (size_t)(kb < K ? kb : 0) * N + col, b_vec && nb == 8, nb);
  }
}

__device__ __forceinline__ void store_tile(half* As, half* Bs, int t, const uint4 (&ra)[2], const uint4 (&rb)[2]) {
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const int c = t + i * 256;
    *reinterpret_cast<uint4*>(&As[(c / 4) * A_LD + (c % 4) * 8]) = ra[i];
    *reinterpret_cast<uint4*>(&Bs[(c / 16) * B_LD + (c % 16) * 8]) = rb[i];
  }
}

__global__ void __launch_bounds__(256) hbmm_wmma_double_buffer(const half* A, const half* B, half* C, int M, int N,
                                                               int K) {
  // Two stages of A and B (37,888 bytes); reused for the epilogue's per-warp float scratch.
  __shared__ __align__(128) half smem[2 * (A_TILE + B_TILE)];
  half* const As = smem;               // stage s at As + s * A_TILE
  half* const Bs = smem + 2 * A_TILE;  // stage s at Bs + s * B_TILE
  const size_t batch = blockIdx.z;
  A += batch * M * K;
  B += batch * K * N;
  C += batch * M * N;
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  const int wm = (warp / 4) * 64, wn = (warp % 4) * 32;
  const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  uint4 ra[2], rb[2];
  load_tile(A, B, M, N, K, bm, bn, 0, t, ra, rb);
  store_tile(As, Bs, t, ra, rb);
  __syncthreads();
  const int steps = (K + BK - 1) / BK;
  for (int s = 0; s < steps; ++s) {
    const half* a_cur = As + (s & 1) * A_TILE;
    const half* b_cur = Bs + (s & 1) * B_TILE;
    if (s + 1 < steps) load_tile(A, B, M, N, K, bm, bn, (s + 1) * BK, t, ra, rb);  // in flight during the mma
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i) wmma::load_matrix_sync(a[i], a_cur + (wm + i * 16) * A_LD + kk, A_LD);
#pragma unroll
      for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(b[j], b_cur + kk * B_LD + wn + j * 16, B_LD);
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    // The other buffer was last read in step s - 1, before the barrier that ended it.
    if (s + 1 < steps) store_tile(As + ((s + 1) & 1) * A_TILE, Bs + ((s + 1) & 1) * B_TILE, t, ra, rb);
    __syncthreads();
  }

  // Epilogue, one 16 x 16 fragment at a time through this warp's 1 KiB of float scratch:
  // lane handles row lane / 2, columns (lane % 2) * 8 .. + 7, with a 16-byte store of C when the
  // row is aligned and whole.
  float* scratch = reinterpret_cast<float*>(smem) + warp * 256;
  const int r = lane / 2, c = (lane % 2) * 8;
  const bool c_vec = (N % 8) == 0;
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) {
      wmma::store_matrix_sync(scratch, acc[i][j], 16, wmma::mem_row_major);
      __syncwarp();
      const int row = bm + wm + i * 16 + r, col = bn + wn + j * 16 + c;
      if (row < M) {
        half* p = C + (size_t)row * N + col;
        const float* v = scratch + r * 16 + c;
        if (c_vec && col + 8 <= N) {
          uint4 u;
          half2* h = reinterpret_cast<half2*>(&u);
#pragma unroll
          for (int e = 0; e < 4; ++e) h[e] = __floats2half2_rn(v[2 * e], v[2 * e + 1]);
          *reinterpret_cast<uint4*>(p) = u;
        } else {
          for (int e = 0; e < 8 && col + e < N; ++e) p[e] = __float2half(v[e]);
        }
      }
      __syncwarp();
    }
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
  dim3 blocks((N + BN - 1) / BN, (M + BM - 1) / BM, BATCH);
  hbmm_wmma_double_buffer<<<blocks, 256>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
