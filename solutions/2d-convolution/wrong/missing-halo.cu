// WRONG (WA): a shared-memory tile without its halo. Each 16 x 16 block stages only the 16 x 16
// input values at its own output positions and skips every tap that falls outside them, as if
// the image ended at the tile's edge.
//
// The examples pass (their whole image fits in one tile), but in a larger image the outputs near
// the right and bottom edges of every tile lose the taps that reach into the next tile: from
// the "one-row" test on (output 10 needs input columns 10 .. 16, and 16 is in the next tile),
// the judge reports plain mismatches; every output is written.
#include <cuda_runtime.h>

constexpr int kTile = 16;

__global__ void convolution_2d_no_halo(const float* input, const float* kernel, float* output, int input_rows,
                                       int input_cols, int kernel_rows, int kernel_cols, int output_rows,
                                       int output_cols) {
  __shared__ float tile[kTile][kTile];
  const int col = blockIdx.x * kTile + threadIdx.x;
  const int row = blockIdx.y * kTile + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = (row < input_rows && col < input_cols) ? input[row * input_cols + col] : 0.0f;
  __syncthreads();
  if (row >= output_rows || col >= output_cols) return;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    for (int n = 0; n < kernel_cols; ++n) {
      const int ty = threadIdx.y + m, tx = threadIdx.x + n;
      if (ty < kTile && tx < kTile) sum += tile[ty][tx] * kernel[m * kernel_cols + n];  // the halo is missing
    }
  }
  output[row * output_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const dim3 threads(kTile, kTile);
  const dim3 blocks((output_cols + kTile - 1) / kTile, (output_rows + kTile - 1) / kTile);
  convolution_2d_no_halo<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols,
                                              output_rows, output_cols);
  cudaDeviceSynchronize();
}
