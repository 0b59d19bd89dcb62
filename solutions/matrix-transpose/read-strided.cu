// Strided reads: one thread per element, 16 x 16 blocks, but threads are laid out over the
// output instead of the input.
//
// Thread (x, y) writes output row y, column x: the stores are coalesced and the reads are the
// scattered side (16 input rows per warp). Scattered loads are cheaper than scattered stores:
// the sectors they fetch stay in L1 for the neighbouring threads of the block, while each
// partial store goes to L2 on its own (naive.cu).
#include <cuda_runtime.h>

__global__ void transpose_read_strided(const float* input, float* output, int rows, int cols) {
  const int out_col = blockIdx.x * blockDim.x + threadIdx.x;  // an input row
  const int out_row = blockIdx.y * blockDim.y + threadIdx.y;  // an input column
  if (out_row < cols && out_col < rows) output[out_row * rows + out_col] = input[out_col * cols + out_row];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((rows + threads.x - 1) / threads.x, (cols + threads.y - 1) / threads.y);
  transpose_read_strided<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
