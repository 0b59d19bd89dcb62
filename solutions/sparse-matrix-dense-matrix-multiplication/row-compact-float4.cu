// Row compaction with 4 columns per thread: as row-compact.cu, but a block of 128 threads covers
// 512 columns of C, each thread 4 neighbouring ones.
//
// Where K is a multiple of 4 every row of B starts on a 16-byte boundary, so a thread fetches its
// 4 elements of a gathered row of B with one float4 load: a quarter of the load instructions for
// the same bytes, 4 independent sums per thread, and (at the official K = 512) one block per row,
// so the row of A is compacted once instead of twice. Other K take a scalar path for the same 4
// columns. Faster than row-compact.cu; the gather of B from L2, one row per nonzero, still
// bounds it, which the dense register-tiled kernels avoid by reusing B from shared memory.
#include <cuda_runtime.h>

constexpr int THREADS = 128;
constexpr int WARPS = THREADS / 32;
constexpr int COLS = 4 * THREADS;

__global__ void spmm_row_compact4(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float vals[THREADS];
  __shared__ int cols[THREADS];
  __shared__ int warp_base[WARPS + 1];
  const int row = blockIdx.y;
  const int col0 = blockIdx.x * COLS + 4 * threadIdx.x;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const bool vec = (K & 3) == 0;
  const float* a_row = A + (size_t)row * N;
  float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
  for (int base = 0; base < N; base += THREADS) {
    const int t = base + threadIdx.x;
    const float a = t < N ? a_row[t] : 0.0f;
    const unsigned mask = __ballot_sync(0xffffffffu, a != 0.0f);
    if (lane == 0) warp_base[warp + 1] = __popc(mask);
    __syncthreads();
    if (threadIdx.x == 0) {
      warp_base[0] = 0;
      for (int w = 1; w <= WARPS; ++w) warp_base[w] += warp_base[w - 1];
    }
    __syncthreads();
    if (a != 0.0f) {
      const int slot = warp_base[warp] + __popc(mask & ((1u << lane) - 1u));
      vals[slot] = a;
      cols[slot] = t;
    }
    __syncthreads();
    const int count = warp_base[WARPS];
    if (vec && col0 < K) {
      for (int e = 0; e < count; ++e) {
        const float v = vals[e];
        const float4 b = *reinterpret_cast<const float4*>(B + (size_t)cols[e] * K + col0);
        s0 += v * b.x;
        s1 += v * b.y;
        s2 += v * b.z;
        s3 += v * b.w;
      }
    } else if (col0 < K) {
      for (int e = 0; e < count; ++e) {
        const float v = vals[e];
        const float* b = B + (size_t)cols[e] * K + col0;
        s0 += v * b[0];
        if (col0 + 1 < K) s1 += v * b[1];
        if (col0 + 2 < K) s2 += v * b[2];
        if (col0 + 3 < K) s3 += v * b[3];
      }
    }
    __syncthreads();  // the list is rebuilt by the next chunk
  }
  float* c = C + (size_t)row * K + col0;
  if (col0 < K) c[0] = s0;
  if (col0 + 1 < K) c[1] = s1;
  if (col0 + 2 < K) c[2] = s2;
  if (col0 + 3 < K) c[3] = s3;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
  dim3 blocks((K + COLS - 1) / COLS, M);
  spmm_row_compact4<<<blocks, THREADS>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
