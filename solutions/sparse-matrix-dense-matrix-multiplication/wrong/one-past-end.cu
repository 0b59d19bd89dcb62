// WRONG: skip-zeros.cu with the column guard `col > K` instead of `col >= K`.
//
// Thread col = K of each row stores C[row * K + K]: inside C (the next row's first element,
// overwritten or not depending on timing) for every row but the last, whose store lands one
// element past the end of C.
#include <cuda_runtime.h>

__global__ void spmm_one_past(const float* A, const float* B, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col > K) return;  // bug: lets col == K through
  const float* a_row = A + (size_t)row * N;
  float sum = 0.0f;
  for (int t = 0; t < N; ++t) {
    const float a = a_row[t];
    if (a != 0.0f) sum += a * B[(size_t)t * K + col];
  }
  C[(size_t)row * K + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K, int nnz) {
  dim3 threads(32, 8);
  dim3 blocks((K + threads.x) / threads.x, (M + threads.y - 1) / threads.y);
  spmm_one_past<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
