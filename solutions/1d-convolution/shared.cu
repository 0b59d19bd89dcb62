// Shared memory: the kernel and the block's slice of the input are staged in shared memory.
//
// A block of 256 threads produces 256 consecutive outputs. It first copies the whole kernel
// (at most 2047 floats) and the 256 + kernel_size - 1 input elements those outputs need into
// shared memory (coalesced loads, each element read from global memory about once per block
// instead of once per tap), synchronises, and then each thread runs its taps out of shared
// memory: the kernel value is one address for the whole warp (a broadcast) and the 32 input
// values are consecutive words (no bank conflicts). Shared loads are cheaper than L1 loads, but
// there are still two of them per multiply-add; register blocking in best.cu cuts that down.
#include <cuda_runtime.h>

constexpr int kThreads = 256;

__global__ void convolution_1d_shared(const float* input, const float* kernel, float* output, int input_size,
                                      int kernel_size) {
  extern __shared__ float smem[];
  float* k_s = smem;                  // kernel_size floats
  float* in_s = smem + kernel_size;   // kThreads + kernel_size - 1 floats

  const int first = blockIdx.x * kThreads;
  for (int j = threadIdx.x; j < kernel_size; j += kThreads) k_s[j] = kernel[j];
  const int span = kThreads + kernel_size - 1;
  for (int j = threadIdx.x; j < span; j += kThreads) {
    const int g = first + j;
    in_s[j] = g < input_size ? input[g] : 0.0f;
  }
  __syncthreads();

  const int i = first + threadIdx.x;
  if (i > input_size - kernel_size) return;
  float sum = 0.0f;
  for (int j = 0; j < kernel_size; ++j) sum += in_s[threadIdx.x + j] * k_s[j];
  output[i] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size, int kernel_size) {
  const int output_size = input_size - kernel_size + 1;
  const int blocks = (output_size + kThreads - 1) / kThreads;
  const size_t smem = sizeof(float) * (2 * (size_t)kernel_size + kThreads - 1);  // at most 17.4 KB
  convolution_1d_shared<<<blocks, kThreads, smem>>>(input, kernel, output, input_size, kernel_size);
  cudaDeviceSynchronize();
}
