// WRONG (WA): averages five cells, the centre included ((up + down + left + right + centre) / 5),
// a common variant of the Jacobi stencil but not this one: the update uses the four neighbours
// only. Example 1's cell (1, 1) gives (18 + 3) / 5 = 4.2 instead of 18 / 4 = 4.5.
#include <cuda_runtime.h>

__global__ void jacobi_five_point(const float* input, float* output, int rows, int cols) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= rows || j >= cols) return;
  const int idx = i * cols + j;
  if (i == 0 || j == 0 || i == rows - 1 || j == cols - 1) {
    output[idx] = input[idx];
  } else {
    output[idx] = 0.2f * (input[idx - cols] + input[idx + cols] + input[idx - 1] + input[idx + 1] + input[idx]);
  }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  jacobi_five_point<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
