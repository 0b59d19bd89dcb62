// Construct: tensor cores through inline PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32,
// its fragments packed by hand from global memory (zeros past the edges). Each warp computes a
// 16 x 8 tile of C; a block of 4 warps covers 16 x 32. Host: general-matrix-multiplication-gemm.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

// Two halves in one 32-bit register, the lower column (or row of B) in the low bits.
__device__ __forceinline__ unsigned pack(half lo, half hi) {
  __half2 h = __halves2half2(lo, hi);
  return *reinterpret_cast<unsigned*>(&h);
}

__device__ __forceinline__ half at(const half* m, int rows, int cols, int r, int c) {
  return r < rows && c < cols ? m[(size_t)r * cols + c] : __float2half(0.0f);
}

__global__ void gemm_mma(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int m0 = blockIdx.y * 16, n0 = blockIdx.x * 32 + warp * 8;
  const int g = lane / 4, t = lane % 4;  // the PTX ISA's groupID and threadID_in_group
  float c[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int k0 = 0; k0 < K; k0 += 16) {
    const int k = k0 + t * 2;
    // A (16 x 16, row major): rows g and g + 8, columns k, k + 1 and k + 8, k + 9.
    const unsigned a0 = pack(at(A, M, K, m0 + g, k), at(A, M, K, m0 + g, k + 1));
    const unsigned a1 = pack(at(A, M, K, m0 + g + 8, k), at(A, M, K, m0 + g + 8, k + 1));
    const unsigned a2 = pack(at(A, M, K, m0 + g, k + 8), at(A, M, K, m0 + g, k + 9));
    const unsigned a3 = pack(at(A, M, K, m0 + g + 8, k + 8), at(A, M, K, m0 + g + 8, k + 9));
    // B (16 x 8, column major): column g, rows k, k + 1 and k + 8, k + 9.
    const unsigned b0 = pack(at(B, K, N, k, n0 + g), at(B, K, N, k + 1, n0 + g));
    const unsigned b1 = pack(at(B, K, N, k + 8, n0 + g), at(B, K, N, k + 9, n0 + g));
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
        "{%0, %1, %2, %3};\n"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  }
  // C (16 x 8): c[0], c[1] on row g, c[2], c[3] on row g + 8, columns t * 2 and t * 2 + 1.
  for (int e = 0; e < 4; ++e) {
    const int row = m0 + g + (e / 2) * 8, col = n0 + t * 2 + e % 2;
    if (row < M && col < N) {
      const size_t idx = (size_t)row * N + col;
      C[idx] = __float2half(alpha * c[e] + beta * __half2float(C[idx]));
    }
  }
}

extern "C" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta) {
  const dim3 blocks((N + 31) / 32, (M + 15) / 16);
  gemm_mma<<<blocks, 128>>>(A, B, C, M, N, K, alpha, beta);
  cudaDeviceSynchronize();
}
