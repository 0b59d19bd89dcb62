// One thread per input row: thread r walks row r and writes it down output column r.
//
// Only `rows` threads (28 blocks at 7000 x 6000, so 28 busy SMs). At each step the 32 threads of
// a warp read 32 different rows, `cols` floats apart, so every warp load splits into 32
// transactions (caches keep most of them out of DRAM); the stores land on 32 consecutive
// floats of one output row and are coalesced.
#include <cuda_runtime.h>

__global__ void transpose_rows(const float* input, float* output, int rows, int cols) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  for (int col = 0; col < cols; ++col) output[col * rows + row] = input[row * cols + col];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const int threads = 256;
  const int blocks = (rows + threads - 1) / threads;
  transpose_rows<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
