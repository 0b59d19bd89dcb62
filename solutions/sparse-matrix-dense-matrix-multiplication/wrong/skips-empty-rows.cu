// WRONG: row-compact.cu that stores a row of C only when the row of A held a nonzero.
//
// "An empty row contributes nothing" is read as "nothing to write": C's empty rows keep whatever
// the buffer held (the judge's marker), so example 1's row 1 is never written.
#include <cuda_runtime.h>

constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;

__global__ void spmm_skip_empty(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float vals[THREADS];
  __shared__ int cols[THREADS];
  __shared__ int warp_base[WARPS + 1];
  const int row = blockIdx.y;
  const int col = blockIdx.x * THREADS + threadIdx.x;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const float* a_row = A + (size_t)row * N;
  float sum = 0.0f;
  int seen = 0;
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
    seen += count;
    if (col < K)
      for (int e = 0; e < count; ++e) sum += vals[e] * B[(size_t)cols[e] * K + col];
    __syncthreads();
  }
  if (col < K && seen > 0) C[(size_t)row * K + col] = sum;  // bug: empty rows are skipped
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
  dim3 blocks((K + THREADS - 1) / THREADS, M);
  spmm_skip_empty<<<blocks, THREADS>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
