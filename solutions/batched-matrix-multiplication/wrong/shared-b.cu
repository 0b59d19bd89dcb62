// WRONG (WA): offsets A and C by the batch index but forgets B, so every C[b] is A[b] * B[0].
//
// Every index stays inside the buffers and every element of C is written, so the judge reports
// plain mismatches: in example 1, C[1] comes out as A[1] * B[0] = [[2, 6], [-6, 3]] instead of
// [[0, 4], [-2, -6]]. (C[0] is right: for b = 0 the missing offset is zero.)
#include <cuda_runtime.h>

__global__ void bmm_shared_b(const float* A, const float* B, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  const size_t b = blockIdx.z;
  const float* a = A + b * M * K;
  float sum = 0.0f;
  for (int t = 0; t < K; ++t) sum += a[(size_t)row * K + t] * B[(size_t)t * N + col];
  C[b * M * N + (size_t)row * N + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y, BATCH);
  bmm_shared_b<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
