// WRONG (WA): accumulates straight into C without clearing it first.
//
// C[b][row][col] += A[b][row][t] * B[b][t][col] looks fine if C starts at zero, but output
// buffers hold garbage on entry (the judge fills them with a NaN pattern), so every sum starts
// from NaN and every element of C comes out NaN. Clear C first (cudaMemset, or a register
// accumulator that is stored once, as in naive.cu).
#include <cuda_runtime.h>

__global__ void bmm_into_c(const float* A, const float* B, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  const size_t b = blockIdx.z;
  const float* a = A + b * M * K;
  const float* bm = B + b * K * N;
  float* c = C + b * M * N + (size_t)row * N + col;
  for (int t = 0; t < K; ++t) *c += a[(size_t)row * K + t] * bm[(size_t)t * N + col];
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y, BATCH);
  bmm_into_c<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
