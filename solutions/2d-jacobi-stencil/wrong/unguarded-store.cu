// WRONG (RTE, "wrote outside"): no check that the thread's cell exists. The grid is rounded up to
// whole 16 x 16 blocks and every thread stores: in example 1 (4 x 4) the single block writes up
// to output[15 * 4 + 15] = output[75], far past the 16 cells, into the judge's guard zone.
#include <cuda_runtime.h>

__global__ void jacobi_unguarded(const float* input, float* output, int rows, int cols) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  const int idx = i * cols + j;
  if (i == 0 || j == 0 || i >= rows - 1 || j >= cols - 1) {
    output[idx] = input[idx];  // also taken by the threads past the last row or column
  } else {
    output[idx] = 0.25f * (input[idx - cols] + input[idx + cols] + input[idx - 1] + input[idx + 1]);
  }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  jacobi_unguarded<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
