// Shared-memory tile with halo: a block of 32 x 8 threads computes a 32 x 8 tile of outputs.
// It first copies the kernel and the (8 + kernel_rows - 1) x (32 + kernel_cols - 1) input values
// those outputs need (the tile plus its halo) into shared memory, then each thread runs its taps
// out of shared memory, one output per thread.
//
// Each input value now comes from global memory a few times per block instead of once per tap,
// and a warp's 32 input reads are 32 consecutive words (one pass, no bank conflicts). But every
// multiply-add still needs two shared loads (input and kernel); the window rungs reuse them.
#include <cuda_runtime.h>

constexpr int kTileCols = 32;
constexpr int kTileRows = 8;

__global__ void convolution_2d_shared_tile(const float* input, const float* kernel, float* output, int input_rows,
                                           int input_cols, int kernel_rows, int kernel_cols, int output_rows,
                                           int output_cols) {
  extern __shared__ float smem[];
  const int taps = kernel_rows * kernel_cols;
  const int tile_w = kTileCols + kernel_cols - 1;
  const int tile_h = kTileRows + kernel_rows - 1;
  float* k_s = smem;           // taps floats
  float* tile = smem + taps;   // tile_h x tile_w floats

  const int tid = threadIdx.y * kTileCols + threadIdx.x;
  const int threads = kTileCols * kTileRows;
  const int row0 = blockIdx.y * kTileRows;
  const int col0 = blockIdx.x * kTileCols;
  for (int i = tid; i < taps; i += threads) k_s[i] = kernel[i];
  for (int i = tid; i < tile_h * tile_w; i += threads) {
    const int r = row0 + i / tile_w;
    const int c = col0 + i % tile_w;
    tile[i] = (r < input_rows && c < input_cols) ? input[r * input_cols + c] : 0.0f;
  }
  __syncthreads();

  const int row = row0 + threadIdx.y;
  const int col = col0 + threadIdx.x;
  if (row >= output_rows || col >= output_cols) return;
  float sum = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    const float* t = tile + (threadIdx.y + m) * tile_w + threadIdx.x;
    const float* k = k_s + m * kernel_cols;
    for (int n = 0; n < kernel_cols; ++n) sum += t[n] * k[n];
  }
  output[row * output_cols + col] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const dim3 threads(kTileCols, kTileRows);
  const dim3 blocks((output_cols + kTileCols - 1) / kTileCols, (output_rows + kTileRows - 1) / kTileRows);
  const size_t smem = sizeof(float) * ((size_t)kernel_rows * kernel_cols +
                                       (size_t)(kTileRows + kernel_rows - 1) * (kTileCols + kernel_cols - 1));
  convolution_2d_shared_tile<<<blocks, threads, smem>>>(input, kernel, output, input_rows, input_cols, kernel_rows,
                                                        kernel_cols, output_rows, output_cols);
  cudaDeviceSynchronize();
}
