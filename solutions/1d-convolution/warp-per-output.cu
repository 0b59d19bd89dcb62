// One warp per output: the 32 lanes split the taps of one output (lane l takes taps l, l + 32,
// ...) and combine their partial sums with warp shuffles.
//
// The reduction is cheap (five __shfl_down_sync, no barriers), and loads are coalesced on both
// the input and the kernel, but there are still two global loads per multiply-add and each
// warp produces one output. naive.cu gives every thread its own output and needs no reduction.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kWarpsPerBlock = kThreads / 32;

__global__ void convolution_1d_warp_per_output(const float* input, const float* kernel, float* output,
                                               int output_size, int kernel_size) {
  const int i = (blockIdx.x * kThreads + threadIdx.x) / 32;  // the same for all lanes of a warp
  const int lane = threadIdx.x & 31;
  if (i >= output_size) return;  // whole warps leave together, so the shuffles below see 32 lanes
  float sum = 0.0f;
  for (int j = lane; j < kernel_size; j += 32) sum += input[i + j] * kernel[j];
  for (int offset = 16; offset > 0; offset >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) output[i] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size, int kernel_size) {
  const int output_size = input_size - kernel_size + 1;
  const int blocks = (output_size + kWarpsPerBlock - 1) / kWarpsPerBlock;
  convolution_1d_warp_per_output<<<blocks, kThreads>>>(input, kernel, output, output_size, kernel_size);
  cudaDeviceSynchronize();
}
