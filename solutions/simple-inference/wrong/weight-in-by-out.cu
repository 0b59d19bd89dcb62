// WRONG (WA): reads weight as if it were in_features x out_features (weight[i][o]), the layout
// of the matrix in "x * W", instead of nn.Linear's out_features x in_features.
//
// The index i * out_features + o stays inside weight (it has the same number of elements), every
// output is written and nothing outside it is touched, so the judge reports plain mismatches: in
// example 1 (weight [[0.5, -1, 2], [1, 1, 1]]) output[0][0] uses 0.5, 2 and 1 as the first row
// and comes out as 7.75 instead of 4.75.
#include <cuda_runtime.h>

__global__ void linear_wrong_layout(const float* input, const float* weight, const float* bias, float* output,
                                    int batch_size, int in_features, int out_features) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  const int b = blockIdx.y * blockDim.y + threadIdx.y;
  if (b >= batch_size || o >= out_features) return;
  float sum = 0.0f;
  for (int i = 0; i < in_features; ++i) {
    sum += input[(size_t)b * in_features + i] * weight[(size_t)i * out_features + o];
  }
  output[(size_t)b * out_features + o] = sum + bias[o];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  dim3 threads(16, 16);
  dim3 blocks((out_features + threads.x - 1) / threads.x, (batch_size + threads.y - 1) / threads.y);
  linear_wrong_layout<<<blocks, threads>>>(input, weight, bias, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
