// WRONG (WA, "never written"): updates the interior cells only and never copies the border.
// The statement keeps the first and last row and column unchanged, so they must be written too;
// here they keep the garbage output started with (example 1: the 12 border cells of 4 x 4).
#include <cuda_runtime.h>

__global__ void jacobi_interior_only(const float* input, float* output, int rows, int cols) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || j < 1 || i >= rows - 1 || j >= cols - 1) return;
  const int idx = i * cols + j;
  output[idx] = 0.25f * (input[idx - cols] + input[idx + cols] + input[idx - 1] + input[idx + 1]);
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  jacobi_interior_only<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
