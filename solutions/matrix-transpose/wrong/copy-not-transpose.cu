// WRONG (WA): copies the matrix instead of transposing it.
//
// The output index uses the input's layout (row * cols + col), so output receives the values in
// their original order. Every element is written and nothing outside the buffer is touched, so
// the judge reports plain mismatches; only 1 x n, n x 1 and symmetric matrices would pass.
#include <cuda_runtime.h>

__global__ void transpose_wrong(const float* input, float* output, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) output[row * cols + col] = input[row * cols + col];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  transpose_wrong<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
