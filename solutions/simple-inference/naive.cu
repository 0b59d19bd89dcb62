// Naive: one thread per element of output, 16 x 16 blocks, x along the output features.
//
// Thread (o, b) walks row b of input and row o of weight. A warp covers 16 output features of 2
// samples, so at each step it reads 2 addresses of input (broadcasts) but 16 rows of weight, 16
// cache lines per load: weight is stored out x in, so consecutive threads read it with a stride
// of in_features. The lines are reused from L1 over the next steps, but the load unit does many
// times the work of a coalesced load. Much more parallel than one thread per sample.
#include <cuda_runtime.h>

__global__ void linear_naive(const float* input, const float* weight, const float* bias, float* output,
                             int batch_size, int in_features, int out_features) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  const int b = blockIdx.y * blockDim.y + threadIdx.y;
  if (b >= batch_size || o >= out_features) return;
  const float* x = input + (size_t)b * in_features;
  const float* w = weight + (size_t)o * in_features;
  float sum = 0.0f;
  for (int i = 0; i < in_features; ++i) sum += x[i] * w[i];
  output[(size_t)b * out_features + o] = sum + bias[o];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  dim3 threads(16, 16);
  dim3 blocks((out_features + threads.x - 1) / threads.x, (batch_size + threads.y - 1) / threads.y);
  linear_naive<<<blocks, threads>>>(input, weight, bias, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
