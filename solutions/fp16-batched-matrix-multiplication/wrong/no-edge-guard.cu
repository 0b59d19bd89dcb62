// WRONG (RTE, "wrote outside"): the wmma kernel of wmma-naive.cu with guarded loads but an
// unguarded epilogue: every warp writes its whole 16 x 16 tile. In example 1 (M = 2, N = 3) the
// tile of the second matrix stores C[6 + r * 3 + c] for r, c < 16, up to element 66 of a
// 12-element C: the zeros computed for the padding rows and columns land in the judge's guard
// zone. (On larger cases the columns past N also wrap into the next row's first columns.)
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

using namespace nvcuda;

#define WARPS 4  // 2 x 2 warps per block: a 32 x 32 patch of C[b]

// p[0..7] into 16 bytes of shared memory: one vector load when allowed, else guarded scalars.
__device__ __forceinline__ void copy8(half* dst, const half* p, bool vec, int n_valid) {
  if (vec) {
    *reinterpret_cast<uint4*>(dst) = *reinterpret_cast<const uint4*>(p);
  } else {
#pragma unroll
    for (int i = 0; i < 8; ++i) dst[i] = i < n_valid ? p[i] : __float2half(0.0f);
  }
}

__global__ void __launch_bounds__(WARPS * 32) hbmm_wmma_naive(const half* A, const half* B, half* C, int M, int N,
                                                              int K) {
  __shared__ __align__(128) half a_s[WARPS][16 * 16];
  __shared__ __align__(128) half b_s[WARPS][16 * 16];
  __shared__ __align__(128) float c_s[WARPS][16 * 16];
  const size_t batch = blockIdx.z;
  A += batch * M * K;
  B += batch * K * N;
  C += batch * M * N;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int m0 = blockIdx.y * 32 + (warp / 2) * 16;
  const int n0 = blockIdx.x * 32 + (warp % 2) * 16;
  if (m0 >= M || n0 >= N) return;  // a warp with nothing to do (only warps, no block barrier)
  // Each lane moves 8 elements of a 16 x 16 tile: row lane / 2, columns (lane % 2) * 8 .. + 7.
  const int r = lane / 2, c = (lane % 2) * 8;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k0 = 0; k0 < K; k0 += 16) {
    const int ar = m0 + r, ak = k0 + c;
    const int na = ar < M ? min(8, K - ak) : 0;
    copy8(&a_s[warp][r * 16 + c], A + (size_t)(ar < M ? ar : 0) * K + ak, K % 8 == 0 && na == 8, na);
    const int bk = k0 + r, bc = n0 + c;
    const int nb = bk < K ? max(0, min(8, N - bc)) : 0;
    copy8(&b_s[warp][r * 16 + c], B + (size_t)(bk < K ? bk : 0) * N + bc, N % 8 == 0 && nb == 8, nb);
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
    wmma::load_matrix_sync(a, a_s[warp], 16);
    wmma::load_matrix_sync(b, b_s[warp], 16);
    wmma::mma_sync(acc, a, b, acc);
    __syncwarp();  // everyone has read the tiles before they are overwritten
  }
  wmma::store_matrix_sync(c_s[warp], acc, 16, wmma::mem_row_major);
  __syncwarp();
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = m0 + r, col = n0 + c + i;
    C[(size_t)row * N + col] = __float2half(c_s[warp][r * 16 + c + i]);  // bug: no row < M && col < N check
  }
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
  dim3 blocks((N + 31) / 32, (M + 31) / 32, BATCH);
  hbmm_wmma_naive<<<blocks, WARPS * 32>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
