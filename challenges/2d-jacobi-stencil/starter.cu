#include <cuda_runtime.h>

// input and output are rows x cols, row-major device buffers.
__global__ void jacobi_2d(const float* input, float* output, int rows, int cols) {
  // Your turn: pick this thread's cell (i, j); if it is inside the grid, copy input[i][j] when it
  // lies on the first or last row or column, and otherwise write the average of its four
  // neighbours input[i - 1][j], input[i + 1][j], input[i][j - 1] and input[i][j + 1].
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  jacobi_2d<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
