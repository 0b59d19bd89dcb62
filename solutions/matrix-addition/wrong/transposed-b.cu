// WRONG (WA): reads B at (col, row) instead of (row, col), i.e. computes A + B^T.
//
// Both index expressions look alike in a 2-D kernel; only a symmetric B hides the slip. Example 1
// already differs: C[0][1] = -2.0 + (-0.25) instead of -2.0 + 2.0.
#include <cuda_runtime.h>

__global__ void add_2d(const float* A, const float* B, float* C, int N) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < N && col < N) C[row * N + col] = A[row * N + col] + B[col * N + row];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (N + threads.y - 1) / threads.y);
  add_2d<<<blocks, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
