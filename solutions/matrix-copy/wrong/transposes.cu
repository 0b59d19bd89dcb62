// WRONG (WA): writes B[col][row] instead of B[row][col], a transpose rather than a copy.
//
// Every element of B is written exactly once and nothing outside B is touched, so the judge
// reports plain mismatches wherever A is not symmetric: in example 1, B[0][1] comes out as 3
// instead of 2.
#include <cuda_runtime.h>

__global__ void copy_transposed(const float* A, float* B, int N) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < N && col < N) B[(size_t)col * N + row] = A[(size_t)row * N + col];
}

extern "C" void solve(const float* A, float* B, int N) {
  dim3 threads(32, 8);
  dim3 blocks((N + threads.x - 1) / threads.x, (N + threads.y - 1) / threads.y);
  copy_transposed<<<blocks, threads>>>(A, B, N);
  cudaDeviceSynchronize();
}
