// Shared-memory tile with halo: a block of 32 x 8 threads blurs a 32 x 8 tile of pixels. It first
// copies the kernel and the (8 + kernel_rows - 1) x (32 + kernel_cols - 1) pixels those outputs
// need (the tile plus its halo) into shared memory, writing zeros where the halo leaves the
// image, then each thread runs its taps out of shared memory with no bounds checks at all.
//
// Pixels come from global memory a few times per block instead of once per tap, the zero
// padding is paid once per staged value, and a warp's 32 reads are consecutive words (no bank
// conflicts). Each multiply-add still needs two shared loads; the window rungs reuse them.
#include <cuda_runtime.h>

constexpr int kTileCols = 32;
constexpr int kTileRows = 8;

__global__ void gaussian_blur_shared_tile(const float* input, const float* kernel, float* output, int input_rows,
                                          int input_cols, int kernel_rows, int kernel_cols) {
  extern __shared__ float smem[];
  const int taps = kernel_rows * kernel_cols;
  const int tile_w = kTileCols + kernel_cols - 1;
  const int tile_h = kTileRows + kernel_rows - 1;
  float* k_s = smem;          // taps floats
  float* tile = smem + taps;  // tile_h x tile_w floats

  const int tid = threadIdx.y * kTileCols + threadIdx.x;
  const int threads = kTileCols * kTileRows;
  const int row0 = static_cast<int>(blockIdx.y) * kTileRows - kernel_rows / 2;  // image position of tile[0][0]
  const int col0 = static_cast<int>(blockIdx.x) * kTileCols - kernel_cols / 2;
  for (int i = tid; i < taps; i += threads) k_s[i] = kernel[i];
  for (int i = tid; i < tile_h * tile_w; i += threads) {
    const int r = row0 + i / tile_w;
    const int c = col0 + i % tile_w;
    tile[i] = (r >= 0 && r < input_rows && c >= 0 && c < input_cols) ? input[r * input_cols + c] : 0.0f;
  }
  __syncthreads();

  const int row = blockIdx.y * kTileRows + threadIdx.y;
  const int col = blockIdx.x * kTileCols + threadIdx.x;
  if (row >= input_rows || col >= input_cols) return;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    const float* t = tile + (threadIdx.y + m) * tile_w + threadIdx.x;
    const float* k = k_s + m * kernel_cols;
    for (int n = 0; n < kernel_cols; ++n) sum += t[n] * k[n];
  }
  output[row * input_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const dim3 threads(kTileCols, kTileRows);
  const dim3 blocks((input_cols + kTileCols - 1) / kTileCols, (input_rows + kTileRows - 1) / kTileRows);
  const size_t smem = sizeof(float) * ((size_t)kernel_rows * kernel_cols +
                                       (size_t)(kTileRows + kernel_rows - 1) * (kTileCols + kernel_cols - 1));
  gaussian_blur_shared_tile<<<blocks, threads, smem>>>(input, kernel, output, input_rows, input_cols, kernel_rows,
                                                       kernel_cols);
  cudaDeviceSynchronize();
}
