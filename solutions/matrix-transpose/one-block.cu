// One block: a single 32 x 32 block walks the whole matrix, 32 x 32 elements per trip.
//
// Each warp reads 32 consecutive floats of one input row (coalesced) and writes them down an
// output column (32 scattered stores), like naive.cu, but the whole matrix goes through one SM
// with at most 1024 loads in flight: every trip waits out a full DRAM latency.
#include <cuda_runtime.h>

__global__ void transpose_one_block(const float* input, float* output, int rows, int cols) {
  for (int row = threadIdx.y; row < rows; row += blockDim.y) {
    for (int col = threadIdx.x; col < cols; col += blockDim.x) {
      output[(size_t)col * rows + row] = input[(size_t)row * cols + col];
    }
  }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  transpose_one_block<<<1, dim3(32, 32)>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
