// Two outputs per thread: shared.cu's staging; thread t of a 256-thread block computes
// outputs t, t + 256, ... of its 512. Each kernel value read from shared memory now serves 2
// multiply-adds, so there are 1 + 1/2 shared loads per multiply-add instead of 2 (input reads
// stay conflict-free). outputs-4.cu doubles that again.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kOutPerThread = 2;
constexpr int kOutPerBlock = kThreads * kOutPerThread;

__global__ void convolution_1d_outputs2(const float* input, const float* kernel, float* output, int input_size,
                                        int kernel_size) {
  extern __shared__ float smem[];
  float* k_s = smem;                 // kernel_size floats
  float* in_s = smem + kernel_size;  // kOutPerBlock + kernel_size - 1 floats

  const int first = blockIdx.x * kOutPerBlock;
  for (int j = threadIdx.x; j < kernel_size; j += kThreads) k_s[j] = kernel[j];
  const int span = kOutPerBlock + kernel_size - 1;
  for (int j = threadIdx.x; j < span; j += kThreads) {
    const int g = first + j;
    in_s[j] = g < input_size ? input[g] : 0.0f;
  }
  __syncthreads();

  float acc[kOutPerThread];
#pragma unroll
  for (int r = 0; r < kOutPerThread; ++r) acc[r] = 0.0f;
  for (int j = 0; j < kernel_size; ++j) {
    const float k = k_s[j];
#pragma unroll
    for (int r = 0; r < kOutPerThread; ++r) acc[r] += in_s[threadIdx.x + r * kThreads + j] * k;
  }

  const int output_size = input_size - kernel_size + 1;
#pragma unroll
  for (int r = 0; r < kOutPerThread; ++r) {
    const int o = first + threadIdx.x + r * kThreads;
    if (o < output_size) output[o] = acc[r];
  }
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size, int kernel_size) {
  const int output_size = input_size - kernel_size + 1;
  const int blocks = (output_size + kOutPerBlock - 1) / kOutPerBlock;
  const size_t smem = sizeof(float) * (2 * (size_t)kernel_size + kOutPerBlock - 1);
  convolution_1d_outputs2<<<blocks, kThreads, smem>>>(input, kernel, output, input_size, kernel_size);
  cudaDeviceSynchronize();
}
