// Naive with rows along x: one thread per element of C, but threadIdx.x runs down the rows.
//
// The 16 threads of a half-warp then read 16 different rows of A[b] (16 cache lines per load)
// and store into 16 different rows of C[b], while all reading one element of B[b]. The arithmetic
// is the same as naive.cu; the memory transactions per load are many times more: the classic
// coalescing slip. The batch is the grid's z dimension.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void hbmm_naive_rows(const half* A, const half* B, half* C, int M, int N, int K) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
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
  dim3 blocks((M + threads.x - 1) / threads.x, (N + threads.y - 1) / threads.y, BATCH);
  hbmm_naive_rows<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
