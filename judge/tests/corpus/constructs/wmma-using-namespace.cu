// Construct: `using namespace nvcuda::wmma;` at file scope and wmma's names unqualified
// (fragment, fill_fragment, load_matrix_sync, mma_sync, store_matrix_sync). The host half of the
// split never includes <mma.h>, so the judge's host prelude declares the namespace for the
// using-directive. One 16 x 16 tile of C per warp, tiles of A and B staged in shared memory with
// zeros past the edges, C = alpha * A B + beta * C. Host: general-matrix-multiplication-gemm.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

using namespace nvcuda::wmma;

constexpr int kWarps = 4;  // 2 x 2 warps per block: a 32 x 32 patch of C

__global__ void gemm_wmma(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  __shared__ __align__(32) half a_s[kWarps][16 * 16];
  __shared__ __align__(32) half b_s[kWarps][16 * 16];
  __shared__ __align__(32) float c_s[kWarps][16 * 16];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int m0 = blockIdx.y * 32 + (warp / 2) * 16;
  const int n0 = blockIdx.x * 32 + (warp % 2) * 16;
  if (m0 >= M || n0 >= N) return;  // this warp's tile is outside C (warps only, no block barrier)

  fragment<accumulator, 16, 16, 16, float> acc;
  fill_fragment(acc, 0.0f);
  for (int k0 = 0; k0 < K; k0 += 16) {
    for (int e = lane; e < 16 * 16; e += 32) {
      const int r = e / 16, c = e % 16;
      a_s[warp][e] = (m0 + r < M && k0 + c < K) ? A[(size_t)(m0 + r) * K + k0 + c] : __float2half(0.0f);
      b_s[warp][e] = (k0 + r < K && n0 + c < N) ? B[(size_t)(k0 + r) * N + n0 + c] : __float2half(0.0f);
    }
    __syncwarp();
    fragment<matrix_a, 16, 16, 16, half, row_major> a;
    fragment<matrix_b, 16, 16, 16, half, row_major> b;
    load_matrix_sync(a, a_s[warp], 16);
    load_matrix_sync(b, b_s[warp], 16);
    mma_sync(acc, a, b, acc);
    __syncwarp();  // every lane has read the tiles before they are overwritten
  }
  store_matrix_sync(c_s[warp], acc, 16, mem_row_major);
  __syncwarp();
  for (int e = lane; e < 16 * 16; e += 32) {
    const int row = m0 + e / 16, col = n0 + e % 16;
    if (row < M && col < N) {
      const size_t idx = (size_t)row * N + col;
      C[idx] = __float2half(alpha * c_s[warp][e] + beta * __half2float(C[idx]));
    }
  }
}

extern "C" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  const dim3 blocks((N + 31) / 32, (M + 31) / 32);
  gemm_wmma<<<blocks, kWarps * 32>>>(A, B, C, M, N, K, alpha, beta);
  cudaDeviceSynchronize();
}
