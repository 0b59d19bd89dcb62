// Register window, 4 pixels per thread: shared tile with a zero-padded halo (32 x 32 pixels per
// block of 8 x 32 threads); each thread blurs 4 neighbouring pixels of a row from a window of 4
// input values in registers that slides by one per tap. One pixel load and one weight load now
// serve 4 multiply-adds, so shared memory is much less of a limit than in window-2.cu.
//
// The 8 lanes of a tile row read at a stride of 4 words; the odd pitch puts the warp's 4 rows on
// 4 different bank offsets, so no two lanes share a bank. The loop over the kernel columns is
// unrolled by 4 with the size known only at run time.
#include <cuda_runtime.h>

constexpr int kW = 4;                  // neighbouring pixels per thread, along a row
constexpr int kThreadsX = 8;           // threads per tile row: kThreadsX * kW = 32 columns
constexpr int kThreadsY = 32;          // tile rows, one per thread row
constexpr int kTileCols = kThreadsX * kW;

__global__ void __launch_bounds__(kThreadsX * kThreadsY)
gaussian_blur_window(const float* __restrict__ input, const float* __restrict__ kernel, float* __restrict__ output,
                     int input_rows, int input_cols, int kernel_rows, int kernel_cols, int pitch) {
  extern __shared__ float smem[];
  const int taps = kernel_rows * kernel_cols;
  const int tile_w = kTileCols + kernel_cols - 1;
  const int tile_h = kThreadsY + kernel_rows - 1;
  float* k_s = smem;          // taps floats
  float* tile = smem + taps;  // tile_h rows of pitch floats (pitch is odd: see the header)

  const int tid = threadIdx.y * kThreadsX + threadIdx.x;
  const int threads = kThreadsX * kThreadsY;
  const int row0 = static_cast<int>(blockIdx.y) * kThreadsY - kernel_rows / 2;  // image position of tile[0][0]
  const int col0 = static_cast<int>(blockIdx.x) * kTileCols - kernel_cols / 2;
  for (int i = tid; i < taps; i += threads) k_s[i] = kernel[i];
  for (int i = tid; i < tile_h * tile_w; i += threads) {
    const int r = i / tile_w;
    const int c = i - r * tile_w;
    const int gr = row0 + r, gc = col0 + c;
    const bool inside = gr >= 0 && gr < input_rows && gc >= 0 && gc < input_cols;
    tile[r * pitch + c] = inside ? __ldg(input + gr * input_cols + gc) : 0.0f;  // zero padding
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

  const int row = blockIdx.y * kThreadsY + threadIdx.y;
  const int col = blockIdx.x * kTileCols + threadIdx.x * kW;
  if (row >= input_rows) return;
#pragma unroll
  for (int w = 0; w < kW; ++w) {
    if (col + w < input_cols) output[row * input_cols + col + w] = acc[w];
  }
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int tile_w = kTileCols + kernel_cols - 1;
  const int pitch = tile_w | 1;  // odd
  const int tile_h = kThreadsY + kernel_rows - 1;
  const dim3 threads(kThreadsX, kThreadsY);
  const dim3 blocks((input_cols + kTileCols - 1) / kTileCols, (input_rows + kThreadsY - 1) / kThreadsY);
  const size_t smem = sizeof(float) * ((size_t)kernel_rows * kernel_cols + (size_t)tile_h * pitch);
  gaussian_blur_window<<<blocks, threads, smem>>>(input, kernel, output, input_rows, input_cols, kernel_rows,
                                                  kernel_cols, pitch);
  cudaDeviceSynchronize();
}
