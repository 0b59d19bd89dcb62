// Row compaction in shared memory: a block of 256 threads owns row `blockIdx.y` of C and 256 of
// its columns.
//
// The block walks its row of A 256 elements at a time: each thread loads one (coalesced), each
// warp finds its nonzeros with a ballot, and the nonzeros are packed, in column order, into a
// shared list of (column, value) pairs. Then every thread runs down the list and gathers the
// matching rows of B at its column (coalesced across the warp). Zeros are looked at once per
// block instead of once per thread, and the inner loop holds no branch. Faster than
// skip-zeros.cu; its cost is now the gather of B from L2, one 4-byte load per nonzero per column.
#include <cuda_runtime.h>

constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;

__global__ void spmm_row_compact(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float vals[THREADS];
  __shared__ int cols[THREADS];
  __shared__ int warp_base[WARPS + 1];
  const int row = blockIdx.y;
  const int col = blockIdx.x * THREADS + threadIdx.x;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const float* a_row = A + (size_t)row * N;
  float sum = 0.0f;
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
    if (col < K)
      for (int e = 0; e < count; ++e) sum += vals[e] * B[(size_t)cols[e] * K + col];
    __syncthreads();  // the list is rebuilt by the next chunk
  }
  if (col < K) C[(size_t)row * K + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
  dim3 blocks((K + THREADS - 1) / THREADS, M);
  spmm_row_compact<<<blocks, THREADS>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
