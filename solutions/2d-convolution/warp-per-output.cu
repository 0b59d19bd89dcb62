// One warp per output: the 32 lanes split the kernel_rows * kernel_cols taps of one output
// (lane l takes taps l, l + 32, ...) and add their partial sums with warp shuffles.
//
// It treats each output as a small dot product to reduce: the shuffles are cheap, but a 15 x 15
// kernel gives each lane only 7 or 8 taps, every tap needs a division to find its row, and the
// lanes of a load touch several rows. naive.cu gives each thread a whole output and no reduction.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarpsPerBlock = kThreads / 32;

__global__ void convolution_2d_warp_per_output(const float* input, const float* kernel, float* output,
                                               int input_cols, int kernel_cols, int taps, int output_cols,
                                               int output_count) {
  const int o = blockIdx.x * kWarpsPerBlock + threadIdx.x / 32;  // the same for all lanes of a warp
  const int lane = threadIdx.x & 31;
  if (o >= output_count) return;  // whole warps leave together, so the shuffles below see 32 lanes
  const int row = o / output_cols;
  const int col = o - row * output_cols;
  float sum = 0.0f;
  for (int t = lane; t < taps; t += 32) {
    const int m = t / kernel_cols;
    const int n = t - m * kernel_cols;
    sum += input[(row + m) * input_cols + col + n] * kernel[t];
  }
  for (int offset = 16; offset > 0; offset >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) output[o] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                      int kernel_rows, int kernel_cols) {
  const int output_rows = input_rows - kernel_rows + 1;
  const int output_cols = input_cols - kernel_cols + 1;
  const int output_count = output_rows * output_cols;
  const int blocks = (output_count + kWarpsPerBlock - 1) / kWarpsPerBlock;
  convolution_2d_warp_per_output<<<blocks, kThreads>>>(input, kernel, output, input_cols, kernel_cols,
                                                       kernel_rows * kernel_cols, output_cols, output_count);
  cudaDeviceSynchronize();
}
