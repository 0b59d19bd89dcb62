// One thread per sample: thread b computes the whole row b of output, one output feature after
// the other, as the CPU loop would.
//
// Only batch_size threads (16,384 at the performance size: about four warps per SM), each doing
// in_features * out_features multiply-adds in sequence. Worse, the 32 threads of a warp read 32
// different rows of input at the same column, so every load touches 32 cache lines (weight is a
// broadcast). Few threads and uncoalesced loads make this the slowest rung.
#include <cuda_runtime.h>

__global__ void linear_row_per_thread(const float* input, const float* weight, const float* bias, float* output,
                                      int batch_size, int in_features, int out_features) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= batch_size) return;
  const float* x = input + (size_t)b * in_features;
  for (int o = 0; o < out_features; ++o) {
    const float* w = weight + (size_t)o * in_features;
    float sum = 0.0f;
    for (int i = 0; i < in_features; ++i) sum += x[i] * w[i];
    output[(size_t)b * out_features + o] = sum + bias[o];
  }
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  const int threads = 128;
  const int blocks = (batch_size + threads - 1) / threads;
  linear_row_per_thread<<<blocks, threads>>>(input, weight, bias, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
