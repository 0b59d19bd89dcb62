// WRONG (WA, reads the output before writing it): split over in_features with atomics.
//
// To get more parallelism for short batches, each warp handles one output element and one
// chunk of 128 input features, and atomicAdds its partial dot product into output (the warp of
// chunk 0 adds the bias too). But output is never cleared: it starts as the judge's NaN marker,
// so every result is NaN. With output zeroed first (cudaMemset) the kernel would be right.
#include <cuda_runtime.h>

constexpr int kChunk = 128;

__global__ void linear_split_atomic(const float* input, const float* weight, const float* bias, float* output,
                                    int batch_size, int in_features, int out_features) {
  const int lane = threadIdx.x % 32;
  const int o = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const int b = blockIdx.y;
  const int begin = blockIdx.z * kChunk;
  if (o >= out_features) return;
  const int end = min(begin + kChunk, in_features);
  float sum = 0.0f;
  for (int i = begin + lane; i < end; i += 32) {
    sum += input[(size_t)b * in_features + i] * weight[(size_t)o * in_features + i];
  }
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, offset);
  if (lane == 0) {
    if (blockIdx.z == 0) sum += bias[o];
    atomicAdd(&output[(size_t)b * out_features + o], sum);  // bug: output was never set to 0
  }
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  const int warps = 8;
  dim3 blocks((out_features + warps - 1) / warps, batch_size, (in_features + kChunk - 1) / kChunk);
  linear_split_atomic<<<blocks, warps * 32>>>(input, weight, bias, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
