// Copy, then update: cudaMemcpy copies the whole input to output (the border is then right),
// and a second kernel overwrites the interior cells with the stencil.
//
// Two simple steps, but the interior is written twice and the input read twice: about 1.9 times
// the memory traffic of one pass, so about half the speed of the naive kernel.
#include <cuda_runtime.h>

__global__ void jacobi_interior(const float* input, float* output, int rows, int cols) {
  const int j = 1 + blockIdx.x * blockDim.x + threadIdx.x;
  const int i = 1 + blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= rows - 1 || j >= cols - 1) return;
  const int idx = i * cols + j;
  output[idx] = 0.25f * (input[idx - cols] + input[idx + cols] + input[idx - 1] + input[idx + 1]);
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  cudaMemcpy(output, input, sizeof(float) * (size_t)rows * cols, cudaMemcpyDeviceToDevice);
  if (rows < 3 || cols < 3) return;  // no interior cell: the copy is the answer
  const dim3 threads(16, 16);
  const dim3 blocks((cols - 2 + threads.x - 1) / threads.x, (rows - 2 + threads.y - 1) / threads.y);
  jacobi_interior<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
