// Tensor cores fed by cp.async: the 128 x 128 x 32 tiling of wmma-double-buffer.cu (8 warps of
// 64 x 32, wmma 16 x 16 x 16 fragments), with a 3-stage pipeline of asynchronous global-to-shared
// copies. Tiles k+1 and k+2 are in flight while tile k is multiplied, and the copies bypass the
// registers, so more bytes are in flight with fewer instructions than the register double buffer.
// Rows that are not 16-byte aligned (K or N not a multiple of 8) take a plain-load path instead.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

using namespace nvcuda;

#define BM 128
#define BN 128
#define BK 32
#define STAGES 3
#define A_LD (BK + 8)  // 40 halves = 80 bytes per row
#define B_LD (BN + 8)  // 136 halves = 272 bytes per row
#define A_TILE (BM * A_LD)
#define B_TILE (BK * B_LD)
#define SMEM_BYTES (STAGES * (A_TILE + B_TILE) * 2)  // 56,832 bytes

// 16 bytes global -> shared without passing through registers; src_bytes 0 writes zeros.
__device__ __forceinline__ void cp_async16(void* dst, const void* src, int src_bytes) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s), "l"(src), "r"(src_bytes));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

__device__ __forceinline__ uint4 load_chunk(const half* p, int n_valid) {
  unsigned short s[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) s[i] = i < n_valid ? __half_as_ushort(p[i]) : (unsigned short)0;
  return make_uint4(s[0] | (unsigned)s[1] << 16, s[2] | (unsigned)s[3] << 16, s[4] | (unsigned)s[5] << 16,
                    s[6] | (unsigned)s[7] << 16);
}

// Stage the A tile (128 x 32) and B tile (32 x 128) that start at k0: 512 chunks of 8 halves
// each, 2 + 2 per thread. kVec: rows are 16-byte aligned, so whole chunks are copied
// asynchronously (zeros past the edges); otherwise guarded scalar loads and a 16-byte store.
template <bool kVec>
__device__ __forceinline__ void load_tile(const half* A, const half* B, int M, int N, int K, int bm, int bn, int k0,
                                          int t, half* as, half* bs) {
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const int c = t + i * 256;
    const int ar = c / 4, ak = (c % 4) * 8;
    const int row = bm + ar, k = k0 + ak;
    const int br = c / 16, bc = (c % 16) * 8;
    const int kb = k0 + br, col = bn + bc;
    half* da = &as[ar * A_LD + ak];
    half* db = &bs[br * B_LD + bc];
    if (kVec) {
      const bool va = row < M && k < K, vb = kb < K && col < N;
      cp_async16(da, va ? A + (size_t)row * K + k : A, va ? 16 : 0);
      cp_async16(db, vb ? B + (size_t)kb * N + col : B, vb ? 16 : 0);
    } else {
      const int na = row < M ? min(8, K - k) : 0;
      const int nb = kb < K ? max(0, min(8, N - col)) : 0;
      *reinterpret_cast<uint4*>(da) = load_chunk(A + (size_t)(row < M ? row : 0) * K + k, na);
      *reinterpret_cast<uint4*>(db) = load_chunk(B + (size_t)(kb < K ? kb : 0) * N + col, nb);
    }
  }
}

template <bool kVec>
__global__ void __launch_bounds__(256) hbmm_wmma_cp_async(const half* A, const half* B, half* C, int M, int N, int K) {
  extern __shared__ __align__(128) unsigned char smem_raw[];
  half* const As = reinterpret_cast<half*>(smem_raw);  // stage s at As + s * A_TILE
  half* const Bs = As + STAGES * A_TILE;                // stage s at Bs + s * B_TILE
  const size_t batch = blockIdx.z;
  A += batch * M * K;
  B += batch * K * N;
  C += batch * M * N;
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  const int wm = (warp / 4) * 64, wn = (warp % 4) * 32;
  const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
  const int steps = (K + BK - 1) / BK;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  // Prologue: tiles 0 .. STAGES-2 in flight, one commit group each (empty past the end).
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < steps) load_tile<kVec>(A, B, M, N, K, bm, bn, s * BK, t, As + s * A_TILE, Bs + s * B_TILE);
    cp_async_commit();
  }
  for (int s = 0; s < steps; ++s) {
    cp_async_wait<STAGES - 2>();  // this thread's copies of tile s have landed
    __syncthreads();              // everyone's have, and everyone is done with tile s - 1
    // Refill the stage tile s - 1 used with tile s + STAGES - 1.
    const int next = s + STAGES - 1;
    if (next < steps)
      load_tile<kVec>(A, B, M, N, K, bm, bn, next * BK, t, As + (next % STAGES) * A_TILE,
                      Bs + (next % STAGES) * B_TILE);
    cp_async_commit();
    const half* a_cur = As + (s % STAGES) * A_TILE;
    const half* b_cur = Bs + (s % STAGES) * B_TILE;
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
  }
  cp_async_wait<0>();
  __syncthreads();  // the stages become per-warp float scratch

  float* scratch = reinterpret_cast<float*>(smem_raw) + warp * 256;
  const int r = lane / 2, c = (lane % 2) * 8;
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
        if (kVec && col + 8 <= N) {
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
  if (K % 8 == 0 && N % 8 == 0) {
    cudaFuncSetAttribute(hbmm_wmma_cp_async<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES);
    hbmm_wmma_cp_async<true><<<blocks, 256, SMEM_BYTES>>>(A, B, C, M, N, K);
  } else {
    cudaFuncSetAttribute(hbmm_wmma_cp_async<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES);
    hbmm_wmma_cp_async<false><<<blocks, 256, SMEM_BYTES>>>(A, B, C, M, N, K);
  }
  cudaDeviceSynchronize();
}
