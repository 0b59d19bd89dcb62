// Naive with rows along x: one thread per element of C, but threadIdx.x runs down the rows.
//
// The 16 threads of a half-warp then read 16 different rows of A[b] (16 cache lines per load)
// and store into 16 different rows of C[b], while all reading one element of B[b]. The
// arithmetic is the same as naive.cu; the memory transactions per load are many times more:
// the classic coalescing slip. The batch is the grid's z dimension.
#include <cuda_runtime.h>

__global__ void bmm_naive_rows(const float* A, const float* B, float* C, int M, int N, int K) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  const size_t b = blockIdx.z;
  const float* a = A + b * M * K;
  const float* bm = B + b * K * N;
  float sum = 0.0f;
  for (int t = 0; t < K; ++t) sum += a[(size_t)row * K + t] * bm[(size_t)t * N + col];
  C[b * M * N + (size_t)row * N + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((M + threads.x - 1) / threads.x, (N + threads.y - 1) / threads.y, BATCH);
  bmm_naive_rows<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
