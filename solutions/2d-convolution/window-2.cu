// Register window, 2 outputs per thread: shared tile with halo as in shared-tile.cu (32 x 16
// outputs per block of 16 x 16 threads); each thread computes 2 neighbouring outputs of a row.
// Along a kernel row it keeps the 2 input values it needs in registers and slides them by one
// per tap: one new input load and one kernel load serve 2 multiply-adds instead of 1.
//
// Lanes 0-15 and 16-31 sit in two tile rows; the tile's pitch is odd so the two halves fall in
// different banks (16 lanes at a stride of 2 words use every other bank). The loop over the
// kernel columns is unrolled by 4 with the size known only at run time.
#include <cuda_runtime.h>

constexpr int kW = 2;                  // consecutive outputs per thread, along a row
constexpr int kThreadsX = 16;           // threads per tile row: kThreadsX * kW = 32 columns
constexpr int kThreadsY = 16;          // tile rows, one per thread row
constexpr int kTileCols = kThreadsX * kW;

__global__ void __launch_bounds__(kThreadsX * kThreadsY)
convolution_2d_window(const float* __restrict__ input, const float* __restrict__ kernel, float* __restrict__ output,
                      int input_rows, int input_cols, int kernel_rows, int kernel_cols, int output_rows,
                      int output_cols, int pitch) {
  extern __shared__ float smem[];
  const int taps = kernel_rows * kernel_cols;
  const int tile_w = kTileCols + kernel_cols - 1;
  const int tile_h = kThreadsY + kernel_rows - 1;
  float* k_s = smem;          // taps floats
  float* tile = smem + taps;  // tile_h rows of pitch floats (pitch is odd: see the header)

  const int tid = threadIdx.y * kThreadsX + threadIdx.x;
  const int threads = kThreadsX * kThreadsY;
  const int row0 = blockIdx.y * kThreadsY;
  const int col0 = blockIdx.x * kTileCols;
  for (int i = tid; i < taps; i += threads) k_s[i] = kernel[i];
  for (int i = tid; i < tile_h * tile_w; i += threads) {
    const int r = i / tile_w;
    const int c = i - r * tile_w;
    const int gr = row0 + r, gc = col0 + c;
    tile[r * pitch + c] = (gr < input_rows && gc < input_cols) ? __ldg(input + gr * input_cols + gc) : 0.0f;
  }
  __syncthreads();

  float acc[kW];
#pragma unroll
  for (int w = 0; w < kW; ++w) acc[w] = 0.0f;
  for (int m = 0; m < kernel_rows; ++m) {
    const float* t = tile + (threadIdx.y + m) * pitch + threadIdx.x * kW;
    const float* k = k_s + m * kernel_cols;
    // win[w] = t[w + n]: one new value per tap, the others shift down a register.
    float win[kW];
#pragma unroll
    for (int w = 0; w < kW - 1; ++w) win[w] = t[w];
#pragma unroll 4
    for (int n = 0; n < kernel_cols; ++n) {
      win[kW - 1] = t[kW - 1 + n];
      const float kv = k[n];
#pragma unroll
      for (int w = 0; w < kW; ++w) acc[w] = fmaf(win[w], kv, acc[w]);
#pragma unroll
      for (int w = 0; w < kW - 1; ++w) win[w] = win[w + 1];
    }
  }

  const int row = row0 + threadIdx.y;
  const int col = col0 + threadIdx.x * kW;
  if (row >= output_rows) return;
#pragma unroll
  for (int w = 0; w < kW; ++w) {
    if (col + w < output_cols) output[row * output_cols + col + w] = acc[w];
  }
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const int tile_w = kTileCols + kernel_cols - 1;
  const int pitch = tile_w | 1;  // odd
  const int tile_h = kThreadsY + kernel_rows - 1;
  const dim3 threads(kThreadsX, kThreadsY);
  const dim3 blocks((output_cols + kTileCols - 1) / kTileCols, (output_rows + kThreadsY - 1) / kThreadsY);
  const size_t smem = sizeof(float) * ((size_t)kernel_rows * kernel_cols + (size_t)tile_h * pitch);
  convolution_2d_window<<<blocks, threads, smem>>>(input, kernel, output, input_rows, input_cols, kernel_rows,
                                                   kernel_cols, output_rows, output_cols, pitch);
  cudaDeviceSynchronize();
}
