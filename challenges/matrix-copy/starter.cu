#include <cuda_runtime.h>

// A and B are N x N row-major device buffers.
__global__ void copy_matrix(const float* A, float* B, int N) {
  // Your turn: work out this thread's (row, col); if it is inside the matrix, copy A(row, col) to
  // B(row, col).
}

extern "C" void solve(const float* A, float* B, int N) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (N + threads.y - 1) / threads.y);
  copy_matrix<<<blocks, threads>>>(A, B, N);
  cudaDeviceSynchronize();
}
