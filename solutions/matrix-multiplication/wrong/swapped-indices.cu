// WRONG (WA): reads B as if it were stored transposed, B[col * N + t] instead of B[t * K + col].
//
// Every index stays inside B (col * N + t < K * N), every element of C is written and nothing
// is touched outside it, so the judge reports plain mismatches: in example 1, C[0][0] comes out
// as 0.25 instead of 3.
#include <cuda_runtime.h>

__global__ void matmul_swapped(const float* A, const float* B, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= K) return;
  float sum = 0.0f;
  for (int t = 0; t < N; ++t) sum += A[(size_t)row * N + t] * B[(size_t)col * N + t];
  C[(size_t)row * K + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((K + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
  matmul_swapped<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
