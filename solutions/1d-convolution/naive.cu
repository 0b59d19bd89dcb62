// Naive: one thread per output, every operand read from global memory.
//
// Thread i computes output[i] = sum_j input[i + j] * kernel[j] with a plain loop. At each tap j
// the threads of a warp read 32 consecutive input elements (coalesced) and one kernel element
// (a broadcast), and neighbouring warps re-read almost the same input, so most loads hit L1.
// Still, every multiply-add costs two load instructions through the L1 pipeline, which limits
// the speed; the shared-memory version moves those loads to cheaper shared-memory reads.
#include <cuda_runtime.h>

__global__ void convolution_1d_naive(const float* input, const float* kernel, float* output, int output_size,
                                     int kernel_size) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= output_size) return;
  float sum = 0.0f;
  for (int j = 0; j < kernel_size; ++j) sum += input[i + j] * kernel[j];
  output[i] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size, int kernel_size) {
  const int output_size = input_size - kernel_size + 1;
  const int threads = 256;
  const int blocks = (output_size + threads - 1) / threads;
  convolution_1d_naive<<<blocks, threads>>>(input, kernel, output, output_size, kernel_size);
  cudaDeviceSynchronize();
}
