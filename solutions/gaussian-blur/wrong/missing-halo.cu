// WRONG (WA): a shared-memory tile without its halo. Each 16 x 16 block stages only its own
// 16 x 16 pixels and skips every tap that falls outside them, as if the image ended at the
// tile's edge.
//
// The examples pass (their whole image fits in one tile, so a tap outside the tile is outside
// the image too), but from the "constant-image" test on (64 x 64, four tiles a side) the pixels
// along every inner tile edge lose the neighbours in the next tile: 75 instead of 100 there.
#include <cuda_runtime.h>

constexpr int kTile = 16;

__global__ void gaussian_blur_no_halo(const float* input, const float* kernel, float* output, int input_rows,
                                      int input_cols, int kernel_rows, int kernel_cols) {
  __shared__ float tile[kTile][kTile];
  const int col = blockIdx.x * kTile + threadIdx.x;
  const int row = blockIdx.y * kTile + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = (row < input_rows && col < input_cols) ? input[row * input_cols + col] : 0.0f;
  __syncthreads();
  if (row >= input_rows || col >= input_cols) return;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    for (int n = 0; n < kernel_cols; ++n) {
      const int ty = static_cast<int>(threadIdx.y) + m - kernel_rows / 2;
      const int tx = static_cast<int>(threadIdx.x) + n - kernel_cols / 2;
      if (ty >= 0 && ty < kTile && tx >= 0 && tx < kTile) sum += tile[ty][tx] * kernel[m * kernel_cols + n];
    }
  }
  output[row * input_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const dim3 threads(kTile, kTile);
  const dim3 blocks((input_cols + kTile - 1) / kTile, (input_rows + kTile - 1) / kTile);
  gaussian_blur_no_halo<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_rows, kernel_cols);
  cudaDeviceSynchronize();
}
