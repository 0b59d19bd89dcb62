// One warp per pixel: the 32 lanes split the kernel_rows * kernel_cols taps of one pixel (lane l
// takes taps l, l + 32, ...), skip the ones outside the image, and add their partial sums with
// warp shuffles.
//
// A 7 x 7 kernel has 49 taps, so the second round keeps only 17 of the 32 lanes busy, every tap
// needs a division to find its kernel row, and the reduction costs as much as the sums.
// naive.cu gives each thread a whole pixel and needs no reduction.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarpsPerBlock = kThreads / 32;

__global__ void gaussian_blur_warp_per_output(const float* input, const float* kernel, float* output, int input_rows,
                                              int input_cols, int kernel_rows, int kernel_cols) {
  const int o = blockIdx.x * kWarpsPerBlock + threadIdx.x / 32;  // the same for all lanes of a warp
  const int lane = threadIdx.x & 31;
  if (o >= input_rows * input_cols) return;  // whole warps leave together, so the shuffles see 32 lanes
  const int row = o / input_cols;
  const int col = o - row * input_cols;
  const int taps = kernel_rows * kernel_cols;
  float sum = 0.0f;
  for (int t = lane; t < taps; t += 32) {
    const int m = t / kernel_cols;
    const int n = t - m * kernel_cols;
    const int r = row + m - kernel_rows / 2;
    const int c = col + n - kernel_cols / 2;
    if (r >= 0 && r < input_rows && c >= 0 && c < input_cols) sum += input[r * input_cols + c] * kernel[t];
  }
  for (int offset = 16; offset > 0; offset >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) output[o] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int count = input_rows * input_cols;
  const int blocks = (count + kWarpsPerBlock - 1) / kWarpsPerBlock;
  gaussian_blur_warp_per_output<<<blocks, kThreads>>>(input, kernel, output, input_rows, input_cols, kernel_rows,
                                                      kernel_cols);
  cudaDeviceSynchronize();
}
