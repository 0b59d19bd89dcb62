// Naive: one thread per element of C, 16 x 16 threads per block, the batch in the grid's z,
// products summed in a float.
//
// threadIdx.x runs along the columns of C[b], so a half-warp reads 16 neighbouring halves of a
// row of B[b] (one 32-byte sector) and all share one element of A[b] (a broadcast). Every operand
// still comes from global memory (through L1/L2) for every multiply-add, which the tiled
// versions fix.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void hbmm_naive(const half* A, const half* B, half* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  const size_t b = blockIdx.z;
  const half* a = A + b * M * K;
  const half* bm = B + b * K * N;
  float acc = 0.0f;
  for (int t = 0; t < K; ++t) acc += __half2float(a[(size_t)row * K + t]) * __half2float(bm[(size_t)t * N + col]);
  C[b * M * N + (size_t)row * N + col] = __float2half(acc);
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y, BATCH);
  hbmm_naive<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
